import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signIn } from '../support/accounts';
import { call, expectApiError } from '../support/api';
import { snapshotEvent } from '../support/event-snapshot';
import { createEvent } from '../support/events';
import { insertOrder, insertTicket } from '../support/stored-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType, ticketTypeBody } from '../support/ticket-types';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const EVENT = { fechaInicio: '2030-07-04T20:00:00.000Z', fechaFin: '2030-07-05T06:00:00.000Z' };

const update = (who: Account, id: number | string, body: unknown) =>
  call(t, who, 'PUT', `/api/tipos-ticket/${id}`, body);

async function setUp() {
  const organizer = await signIn(t.db);
  const evento = await createEvent(t, organizer, EVENT);
  const tipo = await createTicketType(t, organizer, evento, { nombre: 'General', maxDrinks: 3 });
  return { organizer, evento, tipo };
}

describe('PUT /api/tipos-ticket/{id}', () => {
  it('replaces the fields and returns the type', async () => {
    const { organizer, evento, tipo } = await setUp();

    const res = await update(
      organizer,
      tipo.id,
      ticketTypeBody(evento, {
        nombre: '  VIP  ',
        maxDrinks: 10,
        drinkType: 'copas',
        validoDesde: '2030-07-04T22:00:00Z',
        validoHasta: '2030-07-05T02:00:00+02:00',
      }),
    );

    expect(res.statusCode, res.body).toBe(200);
    const expected: TipoTicket = {
      ...tipo,
      nombre: 'VIP',
      maxDrinks: 10,
      drinkType: 'copas',
      validoDesde: '2030-07-04T22:00:00.000Z',
      validoHasta: '2030-07-05T00:00:00.000Z',
    };
    expect(res.json()).toEqual(expected);
    const stored = await call(t, organizer, 'GET', `/api/tipos-ticket/${evento.id}`);
    expect(stored.json()).toEqual([expected]);
  });

  it('switches to temporal and clears maxDrinks and the interval', async () => {
    const { organizer, evento, tipo } = await setUp();

    const res = await update(
      organizer,
      tipo.id,
      ticketTypeBody(evento, {
        modo: 'temporal',
        maxDrinks: 3,
        drinkIntervalMinutes: 10,
        durationMinutes: 90,
      }),
    );

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: tipo.id,
      modo: 'temporal',
      maxDrinks: null,
      drinkIntervalMinutes: null,
      durationMinutes: 90,
    });
  });

  it('switches to intervalos_controlados, deriving maxDrinks, and back to por_cantidad', async () => {
    const { organizer, evento, tipo } = await setUp();

    const intervalos = await update(
      organizer,
      tipo.id,
      ticketTypeBody(evento, {
        modo: 'barra_libre_controlada',
        maxDrinks: null,
        durationMinutes: 150,
        drinkIntervalMinutes: 40,
      }),
    );
    const cantidad = await update(
      organizer,
      tipo.id,
      ticketTypeBody(evento, {
        modo: 'por_cantidad',
        maxDrinks: 2,
        durationMinutes: 150,
        drinkIntervalMinutes: 40,
      }),
    );

    expect(intervalos.json()).toMatchObject({
      modo: 'intervalos_controlados',
      maxDrinks: 3,
      durationMinutes: 150,
      drinkIntervalMinutes: 40,
    });
    expect(cantidad.json()).toMatchObject({
      modo: 'por_cantidad',
      maxDrinks: 2,
      durationMinutes: null,
      drinkIntervalMinutes: null,
    });
  });

  it('moves the type to another event of the same organizer, checked against that event', async () => {
    const { organizer, evento, tipo } = await setUp();
    const later = await createEvent(t, organizer, {
      fechaInicio: '2030-08-01T20:00:00.000Z',
      fechaFin: '2030-08-02T04:00:00.000Z',
    });

    const outside = await update(organizer, tipo.id, ticketTypeBody({ ...evento, id: later.id }));
    const inside = await update(organizer, tipo.id, ticketTypeBody(later));

    expectApiError(outside, 400, 'validation_error');
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json()).toMatchObject({ eventoId: later.id, validoDesde: later.fechaInicio });
  });

  it('refuses with 409 to move a type that tickets use to another event, and changes nothing', async () => {
    const { organizer, evento, tipo } = await setUp();
    const otherEvent = await createEvent(t, organizer, EVENT);
    await insertTicket(t.db, (await insertOrder(t.db, evento.id)).id, tipo.id);
    const before = await snapshotEvent(t.db, evento.id);

    const res = await update(organizer, tipo.id, ticketTypeBody(otherEvent));

    expectApiError(res, 409, 'conflict');
    expect(await snapshotEvent(t.db, evento.id)).toEqual(before);
    expect((await call(t, organizer, 'GET', `/api/tipos-ticket/${otherEvent.id}`)).json()).toEqual([]);
  });

  it('still edits a type that tickets use within its event', async () => {
    const { organizer, evento, tipo } = await setUp();
    await insertTicket(t.db, (await insertOrder(t.db, evento.id)).id, tipo.id);

    const res = await update(
      organizer,
      tipo.id,
      ticketTypeBody(evento, { nombre: 'General ampliada', maxDrinks: 6 }),
    );

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ eventoId: evento.id, nombre: 'General ampliada', maxDrinks: 6 });
  });

  it("answers 404 when moving the type to another organizer's event, and changes nothing", async () => {
    const { organizer, evento, tipo } = await setUp();
    const other = await signIn(t.db);
    const foreign = await createEvent(t, other, EVENT);
    const before = await snapshotEvent(t.db, evento.id);

    expectApiError(await update(organizer, tipo.id, ticketTypeBody(foreign)), 404, 'not_found');

    expect(await snapshotEvent(t.db, evento.id)).toEqual(before);
    expect((await call(t, other, 'GET', `/api/tipos-ticket/${foreign.id}`)).json()).toEqual([]);
  });

  it('answers 404 to a type that does not exist', async () => {
    const { organizer, evento } = await setUp();

    expectApiError(await update(organizer, 2_000_000_000, ticketTypeBody(evento)), 404, 'not_found');
  });

  it('refuses an id that is not a positive integer with 400', async () => {
    const { organizer, evento } = await setUp();

    for (const id of ['abc', '0']) {
      const body = expectApiError(
        await update(organizer, id, ticketTypeBody(evento)),
        400,
        'validation_error',
      );
      expect(body.details).toEqual([expect.objectContaining({ field: 'id' })]);
    }
  });
});
