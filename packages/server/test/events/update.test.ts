import { eventMessages, type Evento } from '@drinkflow/domain/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts';
import { call, expectApiError, expectFieldError } from '../support/api';
import { snapshotEvent } from '../support/event-snapshot';
import { createEvent, eventBody, getEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { hoursFromNow } from '../support/time';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const update = (who: Awaited<ReturnType<typeof signIn>>, id: number | string, payload: unknown) =>
  call(t, who, 'PUT', `/api/eventos/${id}`, payload);

describe('PUT /api/eventos/{id}', () => {
  it('replaces the fields and returns the event', async () => {
    const organizer = await signIn(t.db);
    const created = await createEvent(t, organizer);
    const body = {
      nombre: 'Fiesta de otoño',
      ubicacion: 'Razzmatazz, Barcelona',
      fechaInicio: '2031-10-31T21:00:00.000Z',
      fechaFin: '2031-11-01T05:00:00.000Z',
      notas: 'Disfraz obligatorio',
      esPrivado: true,
    };

    const res = await update(organizer, created.id, body);

    expect(res.statusCode, res.body).toBe(200);
    const expected: Evento = { ...created, ...body, estado: 'próximo' };
    expect(res.json()).toEqual(expected);
    const { contadores: _contadores, ...stored } = await getEvent(t, organizer, created.id);
    expect(stored).toEqual(expected);
  });

  it('trims text, clears empty notas and defaults esPrivado to false', async () => {
    const organizer = await signIn(t.db);
    const created = await createEvent(t, organizer, { notas: 'Algo', esPrivado: true });
    const { esPrivado: _esPrivado, ...withoutEsPrivado } = eventBody({
      nombre: '  Cena de gala ',
      ubicacion: ' Hotel Arts ',
      notas: '   ',
    });

    const res = await update(organizer, created.id, withoutEsPrivado);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      nombre: 'Cena de gala',
      ubicacion: 'Hotel Arts',
      notas: null,
      esPrivado: false,
    });
  });

  it('keeps the organizer, the API key and the id whatever the body sends', async () => {
    const organizer = await signIn(t.db);
    const other = await signIn(t.db);
    const created = await createEvent(t, organizer);

    const res = await update(
      organizer,
      created.id,
      eventBody({ organizadorId: other.user.id, apiKey: 'otra-clave-123', id: created.id + 1000 }),
    );

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      organizadorId: organizer.user.id,
      apiKey: created.apiKey,
    });
    expect((await getEvent(t, organizer, created.id)).organizadorId).toBe(organizer.user.id);
  });

  it('recomputes estado from the new dates', async () => {
    const organizer = await signIn(t.db);
    const created = await createEvent(t, organizer);
    expect(created.estado).toBe('próximo');

    const res = await update(
      organizer,
      created.id,
      eventBody({ fechaInicio: hoursFromNow(-2), fechaFin: hoursFromNow(2) }),
    );

    expect(res.json<Evento>().estado).toBe('activo');
  });

  it('keeps the ticket types of the event', async () => {
    const organizer = await signIn(t.db);
    const created = await createEvent(t, organizer);
    const tipo = await createTicketType(t, organizer, created);

    expect((await update(organizer, created.id, eventBody({ nombre: 'Renombrado' }))).statusCode).toBe(200);

    const types = await call(t, organizer, 'GET', `/api/tipos-ticket/${created.id}`);
    expect(types.json()).toEqual([tipo]);
  });

  it('answers 404 to an event that does not exist', async () => {
    const organizer = await signIn(t.db);

    expectApiError(await update(organizer, 2_000_000_000, eventBody()), 404, 'not_found');
  });

  it('refuses an id that is not a positive integer with 400', async () => {
    const organizer = await signIn(t.db);

    for (const id of ['abc', '0', '-1']) {
      const body = expectApiError(await update(organizer, id, eventBody()), 400, 'validation_error');
      expect(body.details).toEqual([expect.objectContaining({ field: 'id' })]);
    }
  });

  describe('validation', () => {
    const invalid: [string, Record<string, unknown>, string, string][] = [
      ['a missing nombre', { nombre: undefined }, 'nombre', eventMessages.nombre],
      ['a blank nombre', { nombre: '  ' }, 'nombre', eventMessages.nombre],
      ['a missing ubicacion', { ubicacion: undefined }, 'ubicacion', eventMessages.ubicacion],
      ['an empty ubicacion', { ubicacion: '' }, 'ubicacion', eventMessages.ubicacion],
      ['a bad fechaInicio', { fechaInicio: '31/12/2030 20:00' }, 'fechaInicio', eventMessages.fechaInicio],
      ['a missing fechaInicio', { fechaInicio: undefined }, 'fechaInicio', eventMessages.fechaInicio],
      ['a bad fechaFin', { fechaFin: 'nunca' }, 'fechaFin', eventMessages.fechaFin],
      ['a missing fechaFin', { fechaFin: null }, 'fechaFin', eventMessages.fechaFin],
      [
        'a fechaFin equal to fechaInicio',
        { fechaInicio: '2030-07-04T20:00:00Z', fechaFin: '2030-07-04T20:00:00.000Z' },
        'fechaFin',
        'La fecha de fin debe ser posterior a la fecha de inicio',
      ],
      [
        'a fechaFin before fechaInicio',
        { fechaInicio: '2030-07-04T20:00:00Z', fechaFin: '2030-07-04T19:59:59Z' },
        'fechaFin',
        'La fecha de fin debe ser posterior a la fecha de inicio',
      ],
    ];

    it.each(invalid)('refuses %s with 400 and changes nothing', async (_case, overrides, field, message) => {
      const organizer = await signIn(t.db);
      const created = await createEvent(t, organizer);
      const before = await snapshotEvent(t.db, created.id);

      expectFieldError(await update(organizer, created.id, eventBody(overrides)), field, message);

      expect(await snapshotEvent(t.db, created.id)).toEqual(before);
    });
  });
});
