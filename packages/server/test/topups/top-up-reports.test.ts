import type { EventStats } from '@drinkflow/domain/stats';
import { type Recarga } from '@drinkflow/domain/topups';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recargas } from '../../src/db/schema';
import { signIn } from '../support/accounts';
import { call, expectApiError } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { listOf, newTicket, storedSum, topUp } from './top-up-calls';
import { expectCsv } from '../support/csv-exports';
import { ownedEvent, type OwnedEvent } from '../support/orders';

let t: TestApp;
let owned: OwnedEvent;

beforeAll(async () => {
  t = await createTestApp();
  owned = await ownedEvent(t);
});

afterAll(() => t.close());

describe('GET /api/tickets/{id}/recargas', () => {
  it('lists the ticket’s top-ups newest first', async () => {
    const ticket = await newTicket(t, owned);
    const other = await newTicket(t, owned);
    const first = (await topUp(t, owned.owner, ticket.id, { bebidas: 1, nota: 'primera' })).json<Recarga>();
    const second = (await topUp(t, owned.owner, ticket.id, { bebidas: 2, nota: 'segunda' })).json<Recarga>();
    await topUp(t, owned.owner, other.id, { bebidas: 5 });
    // Same instant for the older two: the id breaks the tie.
    await t.db
      .update(recargas)
      .set({ createdAt: new Date('2026-07-04T20:00:00Z') })
      .where(eq(recargas.ticketId, ticket.id));
    const third = (await topUp(t, owned.owner, ticket.id, { bebidas: 3, nota: 'tercera' })).json<Recarga>();

    const res = await listOf(t, owned.owner, ticket.id);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<Recarga[]>();
    expect(list.map((item) => item.id)).toEqual([third.id, second.id, first.id]);
    expect(list[1]).toEqual({ ...second, createdAt: '2026-07-04T20:00:00.000Z' });
    expect(await storedSum(t, ticket)).toBe(6);
  });

  it('answers an empty list for a ticket without top-ups', async () => {
    const ticket = await newTicket(t, owned);

    expect((await listOf(t, owned.owner, ticket.id)).json()).toEqual([]);
  });

  it('is for the event’s organizer or an admin: 404 another organizer, 403 bar staff, 401 anonymous', async () => {
    const ticket = await newTicket(t, owned);
    await topUp(t, owned.owner, ticket.id, { bebidas: 1 });

    expect((await listOf(t, await signIn(t.db, 'admin'), ticket.id)).json()).toHaveLength(1);
    expectApiError(await listOf(t, await signIn(t.db, 'organizer'), ticket.id), 404, 'not_found');
    expectApiError(await listOf(t, await signIn(t.db, 'scanner'), ticket.id), 403, 'forbidden');
    expectApiError(await listOf(t, null, ticket.id), 401, 'unauthorized');
  });
});

describe('statistics', () => {
  it('add the event’s top-ups: drinks and euros', async () => {
    const event = await ownedEvent(t);
    const stats = async () => {
      const res = await call(t, event.owner, 'GET', `/api/stats/${event.evento.id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<EventStats>();
    };
    expect((await stats()).recargas).toEqual({ bebidas: 0, importe: 0 });

    const a = await newTicket(t, event);
    const b = await newTicket(t, event);
    await topUp(t, event.owner, a.id, { bebidas: 2, importe: 10.1 });
    await topUp(t, event.owner, a.id, { bebidas: 1 });
    await topUp(t, event.owner, b.id, { bebidas: 4, importe: 0.2, metodo: 'invitacion' });
    // Another event's top-up does not count.
    await topUp(t, owned.owner, (await newTicket(t, owned)).id, { bebidas: 9, importe: 99 });

    expect((await stats()).recargas).toEqual({ bebidas: 7, importe: 10.3 });
  });
});

describe('GET /api/eventos/{id}/export/recargas.csv', () => {
  it('has one row per top-up in time order, Spanish dates, decimal commas and labels, with a BOM', async () => {
    const event = await ownedEvent(t);
    const staff = await signIn(t.db, 'admin', 'Marta');
    const ana = await newTicket(t, event, 'Ana; Pérez');
    const formula = await newTicket(t, event, '=HYPERLINK("x")');
    const first = (
      await topUp(t, event.owner, ana.id, {
        bebidas: 2,
        importe: 12.5,
        metodo: 'efectivo',
        nota: 'Dos "copas"',
      })
    ).json<Recarga>();
    const second = (await topUp(t, staff, formula.id, { bebidas: 1 })).json<Recarga>();
    const third = (
      await topUp(t, event.owner, ana.id, { bebidas: 3, importe: 7, metodo: 'invitacion' })
    ).json<Recarga>();
    // Summer time in Madrid (UTC+2), then winter time (UTC+1).
    await t.db
      .update(recargas)
      .set({ createdAt: new Date('2026-07-04T22:15:30Z') })
      .where(eq(recargas.id, first.id));
    await t.db
      .update(recargas)
      .set({ createdAt: new Date('2026-12-31T23:30:00Z') })
      .where(eq(recargas.id, second.id));
    await t.db
      .update(recargas)
      .set({ createdAt: new Date('2026-07-04T23:00:00Z') })
      .where(eq(recargas.id, third.id));

    const res = await call(t, event.owner, 'GET', `/api/eventos/${event.evento.id}/export/recargas.csv`);
    const rows = expectCsv(res, `recargas-evento-${event.evento.id}.csv`);

    expect(rows).toEqual([
      [
        'Fecha',
        'Ticket',
        'Titular',
        'Tipo de ticket',
        'Bebidas',
        'Importe',
        'Método',
        'Nota',
        'Registrada por',
      ],
      [
        '05/07/2026 00:15:30',
        String(ana.id),
        'Ana; Pérez',
        event.tipo.nombre,
        '2',
        '12,50',
        'Efectivo',
        'Dos "copas"',
        'Dueña',
      ],
      [
        '05/07/2026 01:00:00',
        String(ana.id),
        'Ana; Pérez',
        event.tipo.nombre,
        '3',
        '7,00',
        'Invitación',
        '',
        'Dueña',
      ],
      [
        '01/01/2027 00:30:00',
        String(formula.id),
        `'=HYPERLINK("x")`,
        event.tipo.nombre,
        '1',
        '',
        '',
        '',
        'Marta',
      ],
    ]);
    const text = res.rawPayload.subarray(3).toString('utf8');
    expect(
      text.startsWith('Fecha;Ticket;Titular;Tipo de ticket;Bebidas;Importe;Método;Nota;Registrada por\r\n'),
    ).toBe(true);
    expect(text).toContain(';"Ana; Pérez";');
  });

  it('is the header alone for an event without top-ups', async () => {
    const event = await ownedEvent(t);
    const res = await call(t, event.owner, 'GET', `/api/eventos/${event.evento.id}/export/recargas.csv`);

    expect(expectCsv(res, `recargas-evento-${event.evento.id}.csv`)).toHaveLength(1);
  });

  it('is for the event’s organizer or an admin: 404 another organizer, 403 bar staff, 401 anonymous', async () => {
    const path = `/api/eventos/${owned.evento.id}/export/recargas.csv`;

    expect((await call(t, await signIn(t.db, 'admin'), 'GET', path)).statusCode).toBe(200);
    expectApiError(await call(t, await signIn(t.db, 'organizer'), 'GET', path), 404, 'not_found');
    expectApiError(await call(t, await signIn(t.db, 'scanner'), 'GET', path), 403, 'forbidden');
    expectApiError(await call(t, null, 'GET', path), 401, 'unauthorized');
  });
});
