import {
  EVENT_TOP_UPS_LIST_LIMIT,
  type EventTopUps,
  type Recarga,
  type TopUpInput,
} from '@drinkflow/domain/topups';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recargas } from '../../src/db/schema';
import { type Account, signIn } from '../support/accounts';
import { call, expectApiError, expectValidationError, MISSING_ID } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { createOrder, ownedEvent, type OwnedEvent } from '../support/orders';

// The event's top-ups for its printable report (docs/rules/festivals.md): totals, by payment method, and
// the list with each ticket's holder and type.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = (eventoId: number | string) => `/api/eventos/${eventoId}/recargas`;
const read = (who: Account | null, eventoId: number | string) => call(t, who, 'GET', url(eventoId));

async function newTicket(event: OwnedEvent, nombreCompleto: string) {
  return (await createOrder(t, event.owner, event, { nombreCompleto })).tickets[0]!;
}

async function topUp(who: Account, ticketId: number, body: TopUpInput) {
  const res = await call(t, who, 'POST', `/api/tickets/${ticketId}/recargas`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Recarga>();
}

const at = (recarga: Recarga, iso: string) =>
  t.db
    .update(recargas)
    .set({ createdAt: new Date(iso) })
    .where(eq(recargas.id, recarga.id));

const zero = { recargas: 0, bebidas: 0, importe: 0 };

describe('GET /api/eventos/{id}/recargas', () => {
  it('sums the top-ups in total and by method, and lists them oldest first with holder and type', async () => {
    const event = await ownedEvent(t);
    const staff = await signIn(t.db, 'admin', 'Marta');
    const ana = await newTicket(event, 'Ana Pérez');
    const luis = await newTicket(event, 'Luis Gómez');
    const first = await topUp(event.owner, ana.id, {
      bebidas: 2,
      importe: 10.1,
      metodo: 'efectivo',
      nota: 'En taquilla',
    });
    const second = await topUp(staff, luis.id, { bebidas: 3, importe: 0.2, metodo: 'tarjeta' });
    const third = await topUp(event.owner, ana.id, { bebidas: 1, importe: 0, metodo: 'invitacion' });
    const fourth = await topUp(event.owner, luis.id, { bebidas: 4 });
    const fifth = await topUp(event.owner, luis.id, { bebidas: 1, importe: 4.5, metodo: 'efectivo' });
    // Out of insertion order on purpose: the list follows the time.
    await at(first, '2026-07-04T22:15:00Z');
    await at(second, '2026-07-04T20:00:00Z');
    await at(third, '2026-07-04T23:00:00Z');
    await at(fourth, '2026-07-04T23:00:00Z');
    await at(fifth, '2026-07-05T01:30:00Z');
    // Another event's top-up counts nowhere.
    const other = await ownedEvent(t);
    await topUp(other.owner, (await newTicket(other, 'Otra')).id, { bebidas: 9, importe: 99 });

    const res = await read(event.owner, event.evento.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<EventTopUps>();

    // 10.10 + 0.20 + 4.50 summed as numeric: exactly 14.8, not 14.799999….
    expect(body.total).toEqual({ recargas: 5, bebidas: 11, importe: 14.8 });
    expect(body.porMetodo).toEqual([
      { metodo: 'efectivo', recargas: 2, bebidas: 3, importe: 14.6 },
      { metodo: 'tarjeta', recargas: 1, bebidas: 3, importe: 0.2 },
      { metodo: 'invitacion', recargas: 1, bebidas: 1, importe: 0 },
      { metodo: null, recargas: 1, bebidas: 4, importe: 0 },
    ]);
    expect(body.recargas.map((recarga) => recarga.id)).toEqual([
      second.id,
      first.id,
      third.id,
      fourth.id,
      fifth.id,
    ]);
    expect(body.recargas[0]).toEqual({
      ...second,
      createdAt: '2026-07-04T20:00:00.000Z',
      titular: 'Luis Gómez',
      tipoTicket: event.tipo.nombre,
      creadoPor: { nombre: 'Marta' },
    });
    expect(body.recargas[1]).toMatchObject({
      ticketId: ana.id,
      titular: 'Ana Pérez',
      bebidas: 2,
      importe: 10.1,
      metodo: 'efectivo',
      nota: 'En taquilla',
      creadoPor: { nombre: 'Dueña' },
    });
    expect(body.recargas[3]).toMatchObject({ importe: null, metodo: null, nota: null });
  });

  it('answers zeros for the three methods, no "sin indicar" and an empty list without top-ups', async () => {
    const event = await ownedEvent(t);

    const res = await read(event.owner, event.evento.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      total: zero,
      porMetodo: [
        { metodo: 'efectivo', ...zero },
        { metodo: 'tarjeta', ...zero },
        { metodo: 'invitacion', ...zero },
      ],
      recargas: [],
    });
  });

  it(`lists the newest ${EVENT_TOP_UPS_LIST_LIMIT} and still counts every top-up`, async () => {
    const event = await ownedEvent(t);
    const ticket = await newTicket(event, 'Festivalera');
    const start = Date.parse('2026-08-01T18:00:00Z');
    const total = EVENT_TOP_UPS_LIST_LIMIT + 2;
    await t.db.insert(recargas).values(
      Array.from({ length: total }, (_, i) => ({
        ticketId: ticket.id,
        eventoId: event.evento.id,
        bebidas: 1,
        importe: '2.00',
        metodo: 'tarjeta' as const,
        createdAt: new Date(start + i * 60_000),
      })),
    );

    const body = (await read(event.owner, event.evento.id)).json<EventTopUps>();

    expect(body.total).toEqual({ recargas: total, bebidas: total, importe: total * 2 });
    expect(body.recargas).toHaveLength(EVENT_TOP_UPS_LIST_LIMIT);
    // The two oldest are left out; the list still runs oldest first.
    expect(body.recargas[0]!.createdAt).toBe(new Date(start + 2 * 60_000).toISOString());
    expect(body.recargas.at(-1)!.createdAt).toBe(new Date(start + (total - 1) * 60_000).toISOString());
    expect(body.recargas[0]).toMatchObject({ creadoPor: null, titular: 'Festivalera' });
  });

  it('is for the event’s organizer or an admin: 404 another organizer, 403 bar staff, 401 anonymous', async () => {
    const event = await ownedEvent(t);
    await topUp(event.owner, (await newTicket(event, 'Ana')).id, { bebidas: 1 });

    const admin = (await read(await signIn(t.db, 'admin'), event.evento.id)).json<EventTopUps>();
    expect(admin.total.recargas).toBe(1);
    expectApiError(await read(await signIn(t.db, 'organizer'), event.evento.id), 404, 'not_found');
    expectApiError(await read(await signIn(t.db, 'scanner'), event.evento.id), 403, 'forbidden');
    expectApiError(await read(null, event.evento.id), 401, 'unauthorized');
    expectApiError(await read(event.owner, MISSING_ID), 404, 'not_found');
    expectValidationError(await read(event.owner, 'abc'), 'id');
  });
});
