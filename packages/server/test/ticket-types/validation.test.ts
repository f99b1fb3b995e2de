import { messages } from '@drinkflow/domain/ticket-types';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tiposTicket } from '../../src/db/schema';
import { type Account, signIn } from '../support/accounts';
import { call, expectFieldError } from '../support/api';
import { createEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType, ticketTypeBody } from '../support/ticket-types';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const typesOf = (eventoId: number) =>
  t.db.select().from(tiposTicket).where(eq(tiposTicket.eventoId, eventoId)).orderBy(asc(tiposTicket.id));

const EVENT = { fechaInicio: '2030-07-04T20:00:00.000Z', fechaFin: '2030-07-05T06:00:00.000Z' };

const cantidad = { modo: 'por_cantidad', maxDrinks: 4, durationMinutes: null, drinkIntervalMinutes: null };
const temporal = { modo: 'temporal', maxDrinks: null, durationMinutes: 120, drinkIntervalMinutes: null };
const intervalos = {
  modo: 'intervalos_controlados',
  maxDrinks: null,
  durationMinutes: 180,
  drinkIntervalMinutes: 30,
};

type Case = [string, Record<string, unknown>, string, string];

const invalid: Case[] = [
  // nombre 3–100
  ['a missing nombre', { nombre: undefined }, 'nombre', messages.nombreRequired],
  ['an empty nombre', { nombre: '' }, 'nombre', messages.nombreRequired],
  ['a blank nombre', { nombre: '    ' }, 'nombre', messages.nombreRequired],
  ['a nombre of 2 characters', { nombre: 'ab' }, 'nombre', messages.nombreMin],
  ['a nombre of 2 characters once trimmed', { nombre: '  ab  ' }, 'nombre', messages.nombreMin],
  ['a nombre of 101 characters', { nombre: 'n'.repeat(101) }, 'nombre', messages.nombreMax],
  // drinkType 3–50
  ['a missing drinkType', { drinkType: undefined }, 'drinkType', messages.drinkTypeRequired],
  ['an empty drinkType', { drinkType: ' ' }, 'drinkType', messages.drinkTypeRequired],
  ['a drinkType of 2 characters', { drinkType: 'ab' }, 'drinkType', messages.drinkTypeMin],
  ['a drinkType of 51 characters', { drinkType: 'd'.repeat(51) }, 'drinkType', messages.drinkTypeMax],
  // modo
  ['a missing modo', { modo: undefined }, 'modo', messages.modo],
  ['an unknown modo', { modo: 'ilimitado' }, 'modo', messages.modo],
  ['a modo in capitals', { modo: 'POR_CANTIDAD' }, 'modo', messages.modo],
  ['an empty modo', { modo: '' }, 'modo', messages.modo],
  // por_cantidad maxDrinks 1–50
  ['por_cantidad with maxDrinks 0', { ...cantidad, maxDrinks: 0 }, 'maxDrinks', messages.maxDrinks],
  ['por_cantidad with maxDrinks 51', { ...cantidad, maxDrinks: 51 }, 'maxDrinks', messages.maxDrinks],
  ['por_cantidad with maxDrinks -1', { ...cantidad, maxDrinks: -1 }, 'maxDrinks', messages.maxDrinks],
  ['por_cantidad with maxDrinks 2.5', { ...cantidad, maxDrinks: 2.5 }, 'maxDrinks', messages.maxDrinks],
  ['por_cantidad without maxDrinks', { ...cantidad, maxDrinks: undefined }, 'maxDrinks', messages.maxDrinks],
  ['por_cantidad with maxDrinks null', { ...cantidad, maxDrinks: null }, 'maxDrinks', messages.maxDrinks],
  ['por_cantidad with maxDrinks empty', { ...cantidad, maxDrinks: '' }, 'maxDrinks', messages.maxDrinks],
  // temporal durationMinutes 30–1440
  ['temporal with 29 minutes', { ...temporal, durationMinutes: 29 }, 'durationMinutes', messages.duration],
  [
    'temporal with 1441 minutes',
    { ...temporal, durationMinutes: 1441 },
    'durationMinutes',
    messages.duration,
  ],
  ['temporal without duration', { ...temporal, durationMinutes: null }, 'durationMinutes', messages.duration],
  [
    'barra_libre_tiempo with 29 minutes',
    { ...temporal, modo: 'barra_libre_tiempo', durationMinutes: 29 },
    'durationMinutes',
    messages.duration,
  ],
  // intervalos_controlados: drinkIntervalMinutes 1–240, durationMinutes 30–1440
  [
    'intervalos with interval 0',
    { ...intervalos, drinkIntervalMinutes: 0 },
    'drinkIntervalMinutes',
    messages.interval,
  ],
  [
    'intervalos with interval 241',
    { ...intervalos, drinkIntervalMinutes: 241 },
    'drinkIntervalMinutes',
    messages.interval,
  ],
  [
    'intervalos without interval',
    { ...intervalos, drinkIntervalMinutes: undefined },
    'drinkIntervalMinutes',
    messages.interval,
  ],
  [
    'intervalos with 29 minutes',
    { ...intervalos, durationMinutes: 29 },
    'durationMinutes',
    messages.duration,
  ],
  [
    'intervalos with 1441 minutes',
    { ...intervalos, durationMinutes: 1441 },
    'durationMinutes',
    messages.duration,
  ],
  [
    'intervalos without duration',
    { ...intervalos, durationMinutes: undefined },
    'durationMinutes',
    messages.duration,
  ],
  // An interval longer than the duration would derive maxDrinks 0: a type that refuses every drink.
  [
    'intervalos with interval 240 over 30 minutes (derives 0 drinks)',
    { ...intervalos, durationMinutes: 30, drinkIntervalMinutes: 240 },
    'drinkIntervalMinutes',
    messages.intervalOverDuration,
  ],
  [
    'intervalos with interval 61 over 60 minutes',
    { ...intervalos, durationMinutes: 60, drinkIntervalMinutes: 61 },
    'drinkIntervalMinutes',
    messages.intervalOverDuration,
  ],
  [
    'intervalos with a given maxDrinks of 0',
    { ...intervalos, maxDrinks: 0 },
    'maxDrinks',
    'El número de bebidas debe ser un entero positivo',
  ],
  [
    'barra_libre_controlada with interval 241',
    { ...intervalos, modo: 'barra_libre_controlada', drinkIntervalMinutes: 241 },
    'drinkIntervalMinutes',
    messages.interval,
  ],
  // validity dates
  ['a missing validoDesde', { validoDesde: undefined }, 'validoDesde', messages.validoDesde],
  ['a validoDesde that is not a date', { validoDesde: 'hoy' }, 'validoDesde', messages.validoDesde],
  ['a missing validoHasta', { validoHasta: null }, 'validoHasta', messages.validoHasta],
  ['a validoHasta that is not a date', { validoHasta: '05/07/2030' }, 'validoHasta', messages.validoHasta],
  [
    'validoHasta equal to validoDesde',
    { validoDesde: '2030-07-04T22:00:00Z', validoHasta: '2030-07-04T22:00:00.000Z' },
    'validoHasta',
    messages.validityOrder,
  ],
  [
    'validoHasta before validoDesde',
    { validoDesde: '2030-07-04T22:00:00Z', validoHasta: '2030-07-04T21:00:00Z' },
    'validoHasta',
    messages.validityOrder,
  ],
  // inside the event period (2030-07-04T20:00Z … 2030-07-05T06:00Z)
  [
    'validoDesde before the event starts',
    { validoDesde: '2030-07-04T19:59:59.999Z' },
    'validoDesde',
    'La fecha de inicio del ticket debe estar dentro del período del evento',
  ],
  [
    'validoHasta after the event ends',
    { validoHasta: '2030-07-05T06:00:00.001Z' },
    'validoHasta',
    'La fecha de fin del ticket debe estar dentro del período del evento',
  ],
  [
    'a window entirely after the event',
    { validoDesde: '2030-07-06T20:00:00Z', validoHasta: '2030-07-06T22:00:00Z' },
    'validoDesde',
    'La fecha de inicio del ticket debe estar dentro del período del evento',
  ],
  [
    'a window entirely before the event',
    { validoDesde: '2030-07-03T20:00:00Z', validoHasta: '2030-07-03T22:00:00Z' },
    'validoHasta',
    'La fecha de fin del ticket debe estar dentro del período del evento',
  ],
  // eventoId
  ['a missing eventoId', { eventoId: undefined }, 'eventoId', 'El evento es obligatorio'],
  ['an eventoId that is not a number', { eventoId: 'uno' }, 'eventoId', 'El evento es obligatorio'],
];

/** Values at the edges of each range, all accepted. */
const boundaries: [string, Record<string, unknown>][] = [
  ['a nombre of 3 characters', { nombre: 'abc' }],
  ['a nombre of 100 characters', { nombre: 'n'.repeat(100) }],
  ['a drinkType of 3 characters', { drinkType: 'ron' }],
  ['a drinkType of 50 characters', { drinkType: 'd'.repeat(50) }],
  ['por_cantidad with maxDrinks 1', { ...cantidad, maxDrinks: 1 }],
  ['por_cantidad with maxDrinks 50', { ...cantidad, maxDrinks: 50 }],
  ['temporal with 30 minutes', { ...temporal, durationMinutes: 30 }],
  ['temporal with 1440 minutes', { ...temporal, durationMinutes: 1440 }],
  ['intervalos with interval 1', { ...intervalos, drinkIntervalMinutes: 1 }],
  ['intervalos with interval 240', { ...intervalos, drinkIntervalMinutes: 240, durationMinutes: 240 }],
  ['intervalos with 30 minutes', { ...intervalos, durationMinutes: 30, drinkIntervalMinutes: 30 }],
  ['intervalos with 1440 minutes', { ...intervalos, durationMinutes: 1440 }],
  [
    'intervalos with interval equal to the duration (1 drink)',
    { ...intervalos, durationMinutes: 60, drinkIntervalMinutes: 60 },
  ],
  [
    'intervalos with a longer interval but 1 drink given',
    { ...intervalos, maxDrinks: 1, durationMinutes: 30, drinkIntervalMinutes: 240 },
  ],
];

const modes = [
  {
    name: 'POST /api/tipos-ticket',
    ok: 201,
    async setUp(owner: Account) {
      const evento = await createEvent(t, owner, EVENT);
      return { evento, send: (body: unknown) => call(t, owner, 'POST', '/api/tipos-ticket', body) };
    },
  },
  {
    name: 'PUT /api/tipos-ticket/{id}',
    ok: 200,
    async setUp(owner: Account) {
      const evento = await createEvent(t, owner, EVENT);
      const tipo = await createTicketType(t, owner, evento, { nombre: 'Original' });
      return { evento, send: (body: unknown) => call(t, owner, 'PUT', `/api/tipos-ticket/${tipo.id}`, body) };
    },
  },
];

describe.each(modes)('$name', (mode) => {
  it.each(invalid)(
    'refuses %s with 400 naming the field, and stores nothing',
    async (_c, overrides, field, message) => {
      const owner = await signIn(t.db);
      const { evento, send } = await mode.setUp(owner);
      const before = await typesOf(evento.id);

      expectFieldError(await send(ticketTypeBody(evento, overrides)), field, message);

      expect(await typesOf(evento.id)).toEqual(before);
    },
  );

  it.each(boundaries)('accepts %s', async (_case, overrides) => {
    const owner = await signIn(t.db);
    const { evento, send } = await mode.setUp(owner);

    const res = await send(ticketTypeBody(evento, overrides));

    expect(res.statusCode, res.body).toBe(mode.ok);
  });

  it('names both dates when the window starts and ends outside the event', async () => {
    const owner = await signIn(t.db);
    const { evento, send } = await mode.setUp(owner);

    const res = await send(
      ticketTypeBody(evento, { validoDesde: '2030-07-04T18:00:00Z', validoHasta: '2030-07-05T08:00:00Z' }),
    );

    const body = expectFieldError(
      res,
      'validoDesde',
      'La fecha de inicio del ticket debe estar dentro del período del evento',
    );
    expect(body.details).toContainEqual({
      field: 'validoHasta',
      message: 'La fecha de fin del ticket debe estar dentro del período del evento',
    });
  });

  it('reports several invalid fields at once', async () => {
    const owner = await signIn(t.db);
    const { evento, send } = await mode.setUp(owner);

    const res = await send(ticketTypeBody(evento, { nombre: 'ab', drinkType: 'x', validoDesde: 'ayer' }));

    const body = expectFieldError(res, 'nombre', messages.nombreMin);
    expect(body.details).toEqual(
      expect.arrayContaining([
        { field: 'drinkType', message: messages.drinkTypeMin },
        { field: 'validoDesde', message: messages.validoDesde },
      ]),
    );
  });
});
