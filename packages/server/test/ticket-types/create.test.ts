import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tiposTicket } from '../../src/db/schema';
import { signIn } from '../support/accounts';
import { call, expectApiError } from '../support/api';
import { createEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType, ticketTypeBody } from '../support/ticket-types';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const storedModo = async (id: number) =>
  (await t.db.select({ modo: tiposTicket.modo }).from(tiposTicket).where(eq(tiposTicket.id, id)))[0]?.modo;

async function setUp() {
  const organizer = await signIn(t.db);
  const evento = await createEvent(t, organizer, {
    fechaInicio: '2030-07-04T20:00:00.000Z',
    fechaFin: '2030-07-05T06:00:00.000Z',
  });
  return { organizer, evento };
}

describe('POST /api/tipos-ticket', () => {
  it('creates a por_cantidad type, with the time fields null, and returns it with 201', async () => {
    const { organizer, evento } = await setUp();

    const res = await call(
      t,
      organizer,
      'POST',
      '/api/tipos-ticket',
      ticketTypeBody(evento, { maxDrinks: 5, durationMinutes: 120, drinkIntervalMinutes: 15 }),
    );

    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<TipoTicket>();
    expect(created).toEqual({
      id: expect.any(Number),
      eventoId: evento.id,
      nombre: 'Entrada general',
      modo: 'por_cantidad',
      maxDrinks: 5,
      durationMinutes: null,
      drinkIntervalMinutes: null,
      drinkType: 'todo',
      validoDesde: '2030-07-04T20:00:00.000Z',
      validoHasta: '2030-07-05T06:00:00.000Z',
      maxDrinksPerDay: null,
      barrasPermitidas: null,
    });
    const stored = await call(t, organizer, 'GET', `/api/tipos-ticket/single/${created.id}`);
    expect(stored.json()).toEqual({
      ...created,
      evento: { nombre: evento.nombre, ubicacion: evento.ubicacion },
    });
  });

  it('creates a temporal type, with maxDrinks and the interval null', async () => {
    const { organizer, evento } = await setUp();

    const created = await createTicketType(t, organizer, evento, {
      nombre: 'Barra libre 2h',
      modo: 'temporal',
      maxDrinks: 7,
      drinkIntervalMinutes: 20,
      durationMinutes: 120,
      drinkType: 'copas',
      validoDesde: '2030-07-04T22:00:00.000Z',
      validoHasta: '2030-07-05T00:00:00.000Z',
    });

    expect(created).toMatchObject({
      modo: 'temporal',
      maxDrinks: null,
      drinkIntervalMinutes: null,
      durationMinutes: 120,
      drinkType: 'copas',
      validoDesde: '2030-07-04T22:00:00.000Z',
      validoHasta: '2030-07-05T00:00:00.000Z',
    });
  });

  it('creates an intervalos_controlados type and derives maxDrinks = floor(duration / interval)', async () => {
    const { organizer, evento } = await setUp();

    const even = await createTicketType(t, organizer, evento, {
      modo: 'intervalos_controlados',
      maxDrinks: null,
      durationMinutes: 180,
      drinkIntervalMinutes: 30,
    });
    const uneven = await createTicketType(t, organizer, evento, {
      modo: 'intervalos_controlados',
      maxDrinks: undefined,
      durationMinutes: 100,
      drinkIntervalMinutes: 30,
    });
    const emptyText = await createTicketType(t, organizer, evento, {
      modo: 'intervalos_controlados',
      maxDrinks: '',
      durationMinutes: 45,
      drinkIntervalMinutes: 45,
    });

    expect(even).toMatchObject({
      modo: 'intervalos_controlados',
      maxDrinks: 6,
      durationMinutes: 180,
      drinkIntervalMinutes: 30,
    });
    expect(uneven.maxDrinks).toBe(3);
    expect(emptyText.maxDrinks).toBe(1);
  });

  it('keeps an explicit maxDrinks of an intervalos_controlados type', async () => {
    const { organizer, evento } = await setUp();

    const created = await createTicketType(t, organizer, evento, {
      modo: 'intervalos_controlados',
      maxDrinks: 4,
      durationMinutes: 180,
      drinkIntervalMinutes: 30,
    });

    expect(created).toMatchObject({ maxDrinks: 4, durationMinutes: 180, drinkIntervalMinutes: 30 });
  });

  it('stores barra_libre_tiempo as temporal and barra_libre_controlada as intervalos_controlados', async () => {
    const { organizer, evento } = await setUp();

    const tiempo = await createTicketType(t, organizer, evento, {
      modo: 'barra_libre_tiempo',
      maxDrinks: null,
      durationMinutes: 90,
    });
    const controlada = await createTicketType(t, organizer, evento, {
      modo: 'barra_libre_controlada',
      maxDrinks: null,
      durationMinutes: 120,
      drinkIntervalMinutes: 20,
    });

    expect(tiempo).toMatchObject({ modo: 'temporal', maxDrinks: null, durationMinutes: 90 });
    expect(controlada).toMatchObject({
      modo: 'intervalos_controlados',
      maxDrinks: 6,
      drinkIntervalMinutes: 20,
    });
    expect(await storedModo(tiempo.id)).toBe('temporal');
    expect(await storedModo(controlada.id)).toBe('intervalos_controlados');
  });

  it('accepts the optional fields left out entirely', async () => {
    const { organizer, evento } = await setUp();
    const body: Record<string, unknown> = ticketTypeBody(evento, { modo: 'temporal', durationMinutes: 60 });
    delete body.maxDrinks;
    delete body.drinkIntervalMinutes;

    const res = await call(t, organizer, 'POST', '/api/tipos-ticket', body);

    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ maxDrinks: null, drinkIntervalMinutes: null, durationMinutes: 60 });
  });

  it('trims nombre and drinkType and stores the validity as UTC instants', async () => {
    const { organizer, evento } = await setUp();

    const created = await createTicketType(t, organizer, evento, {
      nombre: '  VIP  ',
      drinkType: ' Cerveza ',
      validoDesde: '2030-07-04T23:30:00+02:00',
      validoHasta: '2030-07-05T07:00:00+02:00',
    });

    expect(created).toMatchObject({
      nombre: 'VIP',
      drinkType: 'Cerveza',
      validoDesde: '2030-07-04T21:30:00.000Z',
      validoHasta: '2030-07-05T05:00:00.000Z',
    });
  });

  it('accepts a validity window equal to the event period and one inside it', async () => {
    const { organizer, evento } = await setUp();

    const whole = await createTicketType(t, organizer, evento);
    const inside = await createTicketType(t, organizer, evento, {
      validoDesde: '2030-07-04T20:00:00.001Z',
      validoHasta: '2030-07-05T05:59:59.999Z',
    });

    expect([whole.validoDesde, whole.validoHasta]).toEqual([evento.fechaInicio, evento.fechaFin]);
    expect(inside.validoHasta).toBe('2030-07-05T05:59:59.999Z');
  });

  it('lets an admin add a type to an event of their own', async () => {
    const admin = await signIn(t.db, 'admin');
    const evento = await createEvent(t, admin);

    const created = await createTicketType(t, admin, evento);

    expect(created.eventoId).toBe(evento.id);
  });

  it('answers 404 to an event that does not exist', async () => {
    const { organizer, evento } = await setUp();

    const res = await call(
      t,
      organizer,
      'POST',
      '/api/tipos-ticket',
      ticketTypeBody({ ...evento, id: 2_000_000_000 }),
    );

    expectApiError(res, 404, 'not_found');
  });

  it("answers 404 to another organizer's event and creates nothing", async () => {
    const { organizer } = await setUp();
    const { organizer: other, evento: foreign } = await setUp();

    const res = await call(t, organizer, 'POST', '/api/tipos-ticket', ticketTypeBody(foreign));

    expectApiError(res, 404, 'not_found');
    expect(res.body).not.toContain(foreign.nombre);
    expect((await call(t, other, 'GET', `/api/tipos-ticket/${foreign.id}`)).json()).toEqual([]);
  });
});
