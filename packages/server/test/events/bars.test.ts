import { eventBarMessages } from '@drinkflow/domain/event-bars';
import type { Evento } from '@drinkflow/domain/events';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertas,
  barLastScans,
  consumoCounters,
  consumos,
  eventos,
  scanLog,
  tiposTicket,
} from '../../src/db/schema';
import { BAR_IN_USE, barInUse } from '../../src/modules/events/service';
import { barNameTaken, UNKNOWN_BAR } from '../../src/modules/events/bars';
import { type Account, signIn } from '../support/accounts';
import { call, expectApiError, expectFieldError } from '../support/api';
import { createEvent, eventBody } from '../support/events';
import { insertOrder, insertTicket } from '../support/stored-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (who: Account, id: number, payload: unknown) =>
  call(t, who, 'PUT', `/api/eventos/${id}`, payload);
const rename = (who: Account | null, id: number | string, payload: unknown) =>
  call(t, who, 'PATCH', `/api/eventos/${id}/barras`, payload);
const storedBars = async (id: number) => (await t.db.select().from(eventos).where(eq(eventos.id, id)))[0]!;

describe('POST /api/eventos with bars and cut-off', () => {
  it('stores trimmed bars and the cut-off, and defaults them to [] and 06:00', async () => {
    const organizer = await signIn(t.db);
    const withBars = await createEvent(t, organizer, { barras: [' Barra 1 ', 'VIP'], corteDiario: '07:30' });
    expect(withBars).toMatchObject({ barras: ['Barra 1', 'VIP'], corteDiario: '07:30' });
    expect(await storedBars(withBars.id)).toMatchObject({ barras: ['Barra 1', 'VIP'], corteDiario: '07:30' });

    const plain = await createEvent(t, organizer);
    expect(plain).toMatchObject({ barras: [], corteDiario: '06:00' });
  });

  it.each([['24:00'], ['2:5'], ['12:60'], ['07:30:00'], ['0730'], [''], [730], [null]])(
    'refuses the cut-off %j with a field error',
    async (corteDiario) => {
      const organizer = await signIn(t.db);
      const res = await call(
        t,
        organizer,
        'POST',
        '/api/eventos',
        eventBody({ corteDiario } as Record<string, unknown>),
      );
      expectFieldError(res, 'corteDiario', eventBarMessages.corteDiario);
    },
  );

  it('refuses a cut-off holding NUL with a 400, never a 500', async () => {
    const organizer = await signIn(t.db);
    const res = await call(t, organizer, 'POST', '/api/eventos', eventBody({ corteDiario: '07:30\u0000' }));
    expectApiError(res, 400, 'validation_error');
    expect(res.json().details[0].field).toBe('corteDiario');
  });

  it('refuses a bar name that is empty, too long, not text or holds NUL', async () => {
    const organizer = await signIn(t.db);
    for (const [barras, message] of [
      [['   '], eventBarMessages.nombre],
      [['x'.repeat(41)], eventBarMessages.nombreMax],
      [[7], eventBarMessages.nombre],
      ['Barra 1', eventBarMessages.barras],
    ] as const) {
      const res = await call(
        t,
        organizer,
        'POST',
        '/api/eventos',
        eventBody({ barras } as Record<string, unknown>),
      );
      expectApiError(res, 400, 'validation_error');
      expect(res.json().details[0].field).toMatch(/^barras/);
      expect(res.json().details.map((d: { message: string }) => d.message)).toContain(message);
    }
    const nul = await call(t, organizer, 'POST', '/api/eventos', eventBody({ barras: ['Barra\u00001'] }));
    // NUL cannot be stored in PostgreSQL text: it must be a 400, never a 500.
    expect(nul.statusCode, nul.body).toBe(400);
  });

  it('accepts 50 bars and refuses 51', async () => {
    const organizer = await signIn(t.db);
    const fifty = Array.from({ length: 50 }, (_, i) => `Barra ${i + 1}`);
    expect((await createEvent(t, organizer, { barras: fifty })).barras).toHaveLength(50);
    const res = await call(t, organizer, 'POST', '/api/eventos', eventBody({ barras: [...fifty, 'Otra'] }));
    expectFieldError(res, 'barras', eventBarMessages.barrasMax);
  });

  it('refuses duplicate names, compared trimmed and in any case', async () => {
    const organizer = await signIn(t.db);
    const res = await call(
      t,
      organizer,
      'POST',
      '/api/eventos',
      eventBody({ barras: ['Barra 1', ' barra 1'] }),
    );
    expectFieldError(res, 'barras', eventBarMessages.duplicada);
  });
});

describe('PUT /api/eventos/{id} with bars and cut-off', () => {
  it('replaces them when given and keeps them when absent', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer, { barras: ['A'], corteDiario: '05:00' });

    const res = await put(organizer, evento.id, eventBody({ barras: ['A', 'B'], corteDiario: '04:15' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ barras: ['A', 'B'], corteDiario: '04:15' });

    const without = await put(organizer, evento.id, eventBody({ nombre: 'Otro nombre' }));
    expect(without.statusCode, without.body).toBe(200);
    expect(without.json()).toMatchObject({ nombre: 'Otro nombre', barras: ['A', 'B'], corteDiario: '04:15' });

    const cleared = await put(organizer, evento.id, eventBody({ barras: [] }));
    expect(cleared.json()).toMatchObject({ barras: [] });
  });

  it('answers 409 when removing a bar that a ticket type allows, and changes nothing', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer, { barras: ['A', 'B', 'C', 'D'] });
    await createTicketType(t, organizer, evento, { nombre: 'Solo B', barrasPermitidas: ['B'] });
    await createTicketType(t, organizer, evento, { nombre: 'B y D', barrasPermitidas: ['B', 'D'] });

    const res = await put(organizer, evento.id, eventBody({ barras: ['A', 'C'], nombre: 'Cambiado' }));

    const body = expectApiError(res, 409, 'conflict');
    expect(body.message).toBe(BAR_IN_USE);
    // Each detail sits on the removed bar's position in the event's list, naming the types that keep it.
    expect(body.details).toEqual([
      { field: 'barras.1', message: barInUse('B', ['B y D', 'Solo B']) },
      { field: 'barras.3', message: barInUse('D', ['B y D']) },
    ]);
    expect(barInUse('D', ['B y D'])).toBe(
      'No se puede quitar la barra «D» porque la permite el tipo de ticket «B y D»',
    );
    expect(await storedBars(evento.id)).toMatchObject({
      barras: ['A', 'B', 'C', 'D'],
      nombre: evento.nombre,
    });
    // Removing a bar no type allows is fine; so is a change of case only.
    const ok = await put(organizer, evento.id, eventBody({ barras: ['b', 'd'] }));
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

async function seedBarData(evento: Evento, owner: Account) {
  const tipo = await createTicketType(t, owner, evento, { barrasPermitidas: ['Barra 1', 'VIP'] });
  const pedido = await insertOrder(t.db, evento.id);
  const ticket = await insertTicket(t.db, pedido.id, tipo.id);
  const at = new Date(Date.now() - 10 * 60_000);
  // Same quarter hour, drink and franja: "Barra 1", "barra 1 " (a device's spelling) and the
  // target name "Norte" each have a counter row that must end as one.
  for (const barra of ['Barra 1', 'barra 1 ', 'Norte', 'VIP', 'Barra 1']) {
    await t.db
      .insert(consumos)
      .values({ eventoId: evento.id, ticketId: ticket.id, tipoBebida: 'copa', timestamp: at, barra });
    await t.db.insert(scanLog).values({
      eventoId: evento.id,
      ticketId: ticket.id,
      qrCode: ticket.qrCode,
      tipoBebida: 'copa',
      barra,
      allowed: true,
      reason: 'ok',
      response: { success: true },
    });
  }
  await t.db.insert(alertas).values({
    eventoId: evento.id,
    tipo: 'barra_inactiva',
    cantidad: 30,
    umbral: 20,
    barra: 'Barra 1',
  });
  return { tipo, ticket };
}

describe('PATCH /api/eventos/{id}/barras', () => {
  it('renames the bar in the event, ticket types, drinks, scan log, counters, last scans and alerts', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer, { barras: ['Barra 1', 'VIP'] });
    const { tipo } = await seedBarData(evento, organizer);
    const other = await createEvent(t, organizer, { barras: ['Barra 1', 'VIP'] });
    await seedBarData(other, organizer);

    const res = await rename(organizer, evento.id, { de: 'barra 1', a: ' Norte ' });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: evento.id, barras: ['Norte', 'VIP'] });
    const [type] = await t.db.select().from(tiposTicket).where(eq(tiposTicket.id, tipo.id));
    expect(type!.barrasPermitidas).toEqual(['Norte', 'VIP']);
    const drinks = await t.db
      .select({ barra: consumos.barra })
      .from(consumos)
      .where(eq(consumos.eventoId, evento.id))
      .orderBy(asc(consumos.id));
    expect(drinks.map((d) => d.barra)).toEqual(['Norte', 'Norte', 'Norte', 'VIP', 'Norte']);
    const log = await t.db
      .select({ barra: scanLog.barra })
      .from(scanLog)
      .where(eq(scanLog.eventoId, evento.id))
      .orderBy(asc(scanLog.id));
    expect(log.map((l) => l.barra)).toEqual(['Norte', 'Norte', 'Norte', 'VIP', 'Norte']);
    const counters = await t.db
      .select({ barra: consumoCounters.barra, consumos: consumoCounters.consumos })
      .from(consumoCounters)
      .where(eq(consumoCounters.eventoId, evento.id))
      .orderBy(asc(consumoCounters.barra));
    expect(counters).toEqual([
      { barra: 'Norte', consumos: 4 },
      { barra: 'VIP', consumos: 1 },
    ]);
    const lastScans = await t.db
      .select({ barra: barLastScans.barra })
      .from(barLastScans)
      .where(eq(barLastScans.eventoId, evento.id));
    expect(new Set(lastScans.map((l) => l.barra))).toEqual(new Set(['Norte', 'VIP']));
    const [alert] = await t.db.select().from(alertas).where(eq(alertas.eventoId, evento.id));
    expect(alert!.barra).toBe('Norte');
    // Another event's bar of the same name is untouched.
    expect((await storedBars(other.id)).barras).toEqual(['Barra 1', 'VIP']);
    const otherDrinks = await t.db
      .select({ barra: consumos.barra })
      .from(consumos)
      .where(eq(consumos.eventoId, other.id));
    expect(otherDrinks.map((d) => d.barra).sort()).toEqual([
      'Barra 1',
      'Barra 1',
      'Norte',
      'VIP',
      'barra 1 ',
    ]);
  });

  it('allows a change of case of the same bar', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer, { barras: ['barra 1', 'VIP'] });
    const res = await rename(organizer, evento.id, { de: 'barra 1', a: 'Barra 1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().barras).toEqual(['Barra 1', 'VIP']);
  });

  it('refuses a new name that another bar already has, in any case', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer, { barras: ['Barra 1', 'VIP'] });
    const res = await rename(organizer, evento.id, { de: 'Barra 1', a: 'vip' });
    const body = expectFieldError(res, 'a', barNameTaken('VIP'));
    expect(body.message).toBe('Ya hay otra barra llamada «VIP» en el evento');
    expect((await storedBars(evento.id)).barras).toEqual(['Barra 1', 'VIP']);
  });

  it('refuses a bar the event does not have, and bad names', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer, { barras: ['Barra 1'] });
    expectFieldError(await rename(organizer, evento.id, { de: 'Otra', a: 'Norte' }), 'de', UNKNOWN_BAR);
    expectFieldError(
      await rename(organizer, evento.id, { de: 'Barra 1', a: '  ' }),
      'a',
      eventBarMessages.nombre,
    );
    expectFieldError(
      await rename(organizer, evento.id, { de: 'Barra 1', a: 'x'.repeat(41) }),
      'a',
      eventBarMessages.nombreMax,
    );
    expect((await rename(organizer, evento.id, { de: 'Barra 1', a: 'No\u0000rte' })).statusCode).toBe(400);
    expectApiError(await rename(organizer, evento.id, {}), 400, 'validation_error');
  });

  it('answers 401 anonymous, 403 to bar staff and 404 for another organizer’s event', async () => {
    const owner = await signIn(t.db);
    const evento = await createEvent(t, owner, { barras: ['Barra 1'] });
    const body = { de: 'Barra 1', a: 'Norte' };
    expectApiError(await rename(null, evento.id, body), 401);
    expectApiError(await rename(await signIn(t.db, 'scanner'), evento.id, body), 403);
    expectApiError(await rename(await signIn(t.db), evento.id, body), 404);
    // An admin reads every event but changes only their own (as PUT does).
    expectApiError(await rename(await signIn(t.db, 'admin'), evento.id, body), 404);
    expectApiError(await rename(owner, 999_999, body), 404);
    expect((await storedBars(evento.id)).barras).toEqual(['Barra 1']);
    const rows = await t.db
      .select()
      .from(eventos)
      .where(and(eq(eventos.id, evento.id)));
    expect(rows[0]!.barras).toEqual(['Barra 1']);
  });
});
