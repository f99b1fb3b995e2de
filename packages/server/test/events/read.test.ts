import type { Evento, EventoDetail } from '@drinkflow/domain/events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from '../support/accounts';
import { call, expectApiError } from '../support/api';
import { createEvent, getEvent } from '../support/events';
import { insertConsumos, insertOrder, insertTicket } from '../support/stored-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { hoursFromNow } from '../support/time';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('GET /api/eventos/{userId}', () => {
  it("lists only that organizer's events, latest start first", async () => {
    const organizer = await signIn(t.db);
    const other = await signIn(t.db);
    const early = await createEvent(t, organizer, {
      nombre: 'Temprano',
      fechaInicio: hoursFromNow(10),
      fechaFin: hoursFromNow(12),
    });
    const late = await createEvent(t, organizer, {
      nombre: 'Tarde',
      fechaInicio: hoursFromNow(48),
      fechaFin: hoursFromNow(50),
    });
    const past = await createEvent(t, organizer, {
      nombre: 'Pasado',
      fechaInicio: hoursFromNow(-50),
      fechaFin: hoursFromNow(-40),
    });
    await createEvent(t, other, { nombre: 'De otro' });

    const res = await call(t, organizer, 'GET', `/api/eventos/${organizer.user.id}`);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Evento[]>()).toEqual([late, early, past]);
  });

  it('orders events that start at the same time by newest first', async () => {
    const organizer = await signIn(t.db);
    const fechaInicio = hoursFromNow(5);
    const first = await createEvent(t, organizer, { fechaInicio, fechaFin: hoursFromNow(6) });
    const second = await createEvent(t, organizer, { fechaInicio, fechaFin: hoursFromNow(7) });

    const res = await call(t, organizer, 'GET', `/api/eventos/${organizer.user.id}`);

    expect(res.json<Evento[]>().map((e) => e.id)).toEqual([second.id, first.id]);
  });

  it('carries the derived estado of each event', async () => {
    const organizer = await signIn(t.db);
    await createEvent(t, organizer, { fechaInicio: hoursFromNow(2), fechaFin: hoursFromNow(8) });
    await createEvent(t, organizer, { fechaInicio: hoursFromNow(-1), fechaFin: hoursFromNow(5) });
    await createEvent(t, organizer, { fechaInicio: hoursFromNow(-10), fechaFin: hoursFromNow(-2) });

    const res = await call(t, organizer, 'GET', `/api/eventos/${organizer.user.id}`);

    expect(res.json<Evento[]>().map((e) => e.estado)).toEqual(['próximo', 'activo', 'finalizado']);
  });

  it('answers an empty array to an organizer without events', async () => {
    const organizer = await signIn(t.db);

    const res = await call(t, organizer, 'GET', `/api/eventos/${organizer.user.id}`);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('refuses a userId that is not a positive integer with 400', async () => {
    const organizer = await signIn(t.db);
    for (const userId of ['abc', '0', '-1', '1.5']) {
      expectApiError(await call(t, organizer, 'GET', `/api/eventos/${userId}`), 400, 'validation_error');
    }
  });
});

describe.each([
  ['GET /api/eventos/single/{id}', (id: number | string) => `/api/eventos/single/${id}`],
  ['GET /api/evento/{id}', (id: number | string) => `/api/evento/${id}`],
])('%s', (_name, url) => {
  it('returns the event with zero counters when it has no data yet', async () => {
    const organizer = await signIn(t.db);
    const created = await createEvent(t, organizer, { notas: 'Dress code: blanco', esPrivado: true });

    const res = await call(t, organizer, 'GET', url(created.id));

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...created,
      contadores: { tiposTicket: 0, pedidosActivos: 0, ticketsEscaneados: 0 },
    });
  });

  it('answers 404 to an id that does not exist', async () => {
    const organizer = await signIn(t.db);

    expectApiError(await call(t, organizer, 'GET', url(2_000_000_000)), 404, 'not_found');
  });

  it('refuses an id that is not a positive integer with 400 naming id', async () => {
    const organizer = await signIn(t.db);
    for (const id of ['abc', '0', '-3', '2.5', '1e3x']) {
      const body = expectApiError(await call(t, organizer, 'GET', url(id)), 400, 'validation_error');
      expect(body.details).toEqual([expect.objectContaining({ field: 'id' })]);
    }
  });
});

describe('event estado', () => {
  const estadoAt = async (owner: Awaited<ReturnType<typeof signIn>>, id: number, now: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    try {
      const detail = await getEvent(t, owner, id);
      const [listed] = (await call(t, owner, 'GET', `/api/eventos/${owner.user.id}`)).json<Evento[]>();
      expect(listed!.estado).toBe(detail.estado);
      return detail.estado;
    } finally {
      vi.useRealTimers();
    }
  };

  it('is próximo before the start, activo from the start to the end inclusive, finalizado after', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer, {
      fechaInicio: hoursFromNow(1),
      fechaFin: hoursFromNow(3),
    });
    const start = Date.parse(evento.fechaInicio);
    const end = Date.parse(evento.fechaFin);
    const iso = (ms: number) => new Date(ms).toISOString();

    expect(await estadoAt(organizer, evento.id, iso(start - 1))).toBe('próximo');
    expect(await estadoAt(organizer, evento.id, iso(start))).toBe('activo');
    expect(await estadoAt(organizer, evento.id, iso(start + 3_600_000))).toBe('activo');
    expect(await estadoAt(organizer, evento.id, iso(end))).toBe('activo');
    expect(await estadoAt(organizer, evento.id, iso(end + 1))).toBe('finalizado');
  });
});

describe('event detail counters', () => {
  const counters = async (owner: Awaited<ReturnType<typeof signIn>>, id: number) => {
    const single = await getEvent(t, owner, id);
    const detail = await call(t, owner, 'GET', `/api/evento/${id}`);
    expect(detail.json<EventoDetail>().contadores).toEqual(single.contadores);
    return single.contadores;
  };

  it('counts the ticket types of the event', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const otherEvent = await createEvent(t, organizer);
    await createTicketType(t, organizer, evento, { nombre: 'General' });
    await createTicketType(t, organizer, evento, { nombre: 'VIP' });
    await createTicketType(t, organizer, otherEvent, { nombre: 'De otro evento' });

    expect((await counters(organizer, evento.id)).tiposTicket).toBe(2);
    expect((await counters(organizer, otherEvent.id)).tiposTicket).toBe(1);
  });

  it('counts as active the orders with at least one active ticket', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const otherEvent = await createEvent(t, organizer);
    const tipo = await createTicketType(t, organizer, evento);
    const otherTipo = await createTicketType(t, organizer, otherEvent);

    // Two active tickets: counts once.
    const twoActive = await insertOrder(t.db, evento.id);
    await insertTicket(t.db, twoActive.id, tipo.id);
    await insertTicket(t.db, twoActive.id, tipo.id);
    // One active and one invalidated ticket: counts.
    const mixed = await insertOrder(t.db, evento.id);
    await insertTicket(t.db, mixed.id, tipo.id, 'invalidado');
    await insertTicket(t.db, mixed.id, tipo.id);
    // Only an invalidated ticket: does not count.
    const invalidated = await insertOrder(t.db, evento.id);
    await insertTicket(t.db, invalidated.id, tipo.id, 'invalidado');
    // No tickets at all: does not count.
    await insertOrder(t.db, evento.id);
    // Another event's active order: not this event's.
    const elsewhere = await insertOrder(t.db, otherEvent.id);
    await insertTicket(t.db, elsewhere.id, otherTipo.id);

    expect(await counters(organizer, evento.id)).toEqual({
      tiposTicket: 1,
      pedidosActivos: 2,
      ticketsEscaneados: 0,
    });
    expect((await counters(organizer, otherEvent.id)).pedidosActivos).toBe(1);
  });

  it('counts as scanned the tickets with at least one consumption, each once', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const otherEvent = await createEvent(t, organizer);
    const tipo = await createTicketType(t, organizer, evento);
    const otherTipo = await createTicketType(t, organizer, otherEvent);
    const pedido = await insertOrder(t.db, evento.id);
    const threeDrinks = await insertTicket(t.db, pedido.id, tipo.id);
    const oneDrink = await insertTicket(t.db, pedido.id, tipo.id);
    const scannedThenInvalidated = await insertTicket(t.db, pedido.id, tipo.id, 'invalidado');
    await insertTicket(t.db, pedido.id, tipo.id); // never scanned
    await insertConsumos(t.db, evento.id, threeDrinks.id, 3);
    await insertConsumos(t.db, evento.id, oneDrink.id, 1);
    await insertConsumos(t.db, evento.id, scannedThenInvalidated.id, 2);
    const elsewhere = await insertOrder(t.db, otherEvent.id);
    await insertConsumos(t.db, otherEvent.id, (await insertTicket(t.db, elsewhere.id, otherTipo.id)).id, 5);

    expect(await counters(organizer, evento.id)).toEqual({
      tiposTicket: 1,
      pedidosActivos: 1,
      ticketsEscaneados: 3,
    });
    expect((await counters(organizer, otherEvent.id)).ticketsEscaneados).toBe(1);
  });

  it('follows the data as it changes', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const tipo = await createTicketType(t, organizer, evento);
    const pedido = await insertOrder(t.db, evento.id);
    const ticket = await insertTicket(t.db, pedido.id, tipo.id);

    expect(await counters(organizer, evento.id)).toEqual({
      tiposTicket: 1,
      pedidosActivos: 1,
      ticketsEscaneados: 0,
    });

    await insertConsumos(t.db, evento.id, ticket.id, 1);
    expect((await counters(organizer, evento.id)).ticketsEscaneados).toBe(1);

    await insertConsumos(t.db, evento.id, ticket.id, 2);
    expect((await counters(organizer, evento.id)).ticketsEscaneados).toBe(1);
  });
});
