import { eventMessages, type Evento } from '@drinkflow/domain/events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventos } from '../../src/db/schema';
import { signIn } from '../support/accounts';
import { call, expectApiError, expectFieldError, URL_SAFE_SECRET } from '../support/api';
import { createEvent, eventBody, getEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { hoursFromNow } from '../support/time';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const eventsOf = (organizadorId: number) =>
  t.db.select().from(eventos).where(eq(eventos.organizadorId, organizadorId));

describe('POST /api/eventos', () => {
  it('creates the event for the caller and returns it with 201', async () => {
    const organizer = await signIn(t.db);
    const body = eventBody({
      fechaInicio: '2030-07-04T20:00:00.000Z',
      fechaFin: '2030-07-05T04:00:00.000Z',
    });

    const res = await call(t, organizer, 'POST', '/api/eventos', body);

    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Evento>();
    expect(created).toEqual({
      id: expect.any(Number),
      nombre: 'Fiesta de verano',
      ubicacion: 'Sala Apolo, Barcelona',
      fechaInicio: '2030-07-04T20:00:00.000Z',
      fechaFin: '2030-07-05T04:00:00.000Z',
      organizadorId: organizer.user.id,
      notas: 'Entrada por la puerta lateral',
      esPrivado: false,
      apiKey: expect.stringMatching(URL_SAFE_SECRET),
      barras: [],
      corteDiario: '06:00',
      soloDispositivosAutorizados: false,
      estado: 'próximo',
      createdAt: expect.any(String),
      miRol: 'propietario',
    });
    expect(Date.parse(created.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const { contadores, ...stored } = await getEvent(t, organizer, created.id);
    expect(stored).toEqual(created);
    expect(contadores).toEqual({ tiposTicket: 0, pedidosActivos: 0, ticketsEscaneados: 0 });
  });

  it('makes the caller the organizer whatever organizadorId the body sends', async () => {
    const organizer = await signIn(t.db);
    const other = await signIn(t.db);

    const created = await createEvent(t, organizer, { organizadorId: other.user.id });

    expect(created.organizadorId).toBe(organizer.user.id);
    expect(await eventsOf(other.user.id)).toEqual([]);
    expect((await eventsOf(organizer.user.id)).map((row) => row.id)).toEqual([created.id]);
  });

  it('lets an admin create an event of their own', async () => {
    const admin = await signIn(t.db, 'admin');

    const created = await createEvent(t, admin);

    expect(created.organizadorId).toBe(admin.user.id);
  });

  it('trims the text fields', async () => {
    const organizer = await signIn(t.db);

    const created = await createEvent(t, organizer, {
      nombre: '  Boda de Ana y Luis \n',
      ubicacion: '\t Masía Can Roca  ',
      notas: '  Barra libre hasta las 3  ',
    });

    expect(created).toMatchObject({
      nombre: 'Boda de Ana y Luis',
      ubicacion: 'Masía Can Roca',
      notas: 'Barra libre hasta las 3',
    });
    expect((await getEvent(t, organizer, created.id)).nombre).toBe('Boda de Ana y Luis');
  });

  it('defaults esPrivado to false and stores missing or empty notas as null', async () => {
    const organizer = await signIn(t.db);
    const { notas: _notas, esPrivado: _esPrivado, ...withoutOptionals } = eventBody();

    const omitted = await call(t, organizer, 'POST', '/api/eventos', withoutOptionals);
    const empty = await createEvent(t, organizer, { notas: '', esPrivado: null });
    const blank = await createEvent(t, organizer, { notas: '   ', esPrivado: undefined });

    expect(omitted.statusCode, omitted.body).toBe(201);
    for (const created of [omitted.json<Evento>(), empty, blank]) {
      expect(created).toMatchObject({ esPrivado: false, notas: null });
      expect(await getEvent(t, organizer, created.id)).toMatchObject({ esPrivado: false, notas: null });
    }
  });

  it('keeps esPrivado true when asked', async () => {
    const organizer = await signIn(t.db);

    const created = await createEvent(t, organizer, { esPrivado: true });

    expect(created.esPrivado).toBe(true);
    expect((await getEvent(t, organizer, created.id)).esPrivado).toBe(true);
  });

  it('stores the dates as UTC instants whatever offset they were sent with', async () => {
    const organizer = await signIn(t.db);

    const created = await createEvent(t, organizer, {
      fechaInicio: '2030-07-04T22:00:00+02:00',
      fechaFin: '2030-07-05T06:30:00+02:00',
    });

    expect(created.fechaInicio).toBe('2030-07-04T20:00:00.000Z');
    expect(created.fechaFin).toBe('2030-07-05T04:30:00.000Z');
  });

  it('derives estado from the dates', async () => {
    const organizer = await signIn(t.db);

    const past = await createEvent(t, organizer, {
      fechaInicio: hoursFromNow(-10),
      fechaFin: hoursFromNow(-2),
    });
    const running = await createEvent(t, organizer, {
      fechaInicio: hoursFromNow(-1),
      fechaFin: hoursFromNow(5),
    });
    const future = await createEvent(t, organizer, {
      fechaInicio: hoursFromNow(2),
      fechaFin: hoursFromNow(8),
    });

    expect([past.estado, running.estado, future.estado]).toEqual(['finalizado', 'activo', 'próximo']);
  });

  it('gives every event its own random, URL-safe API key of at least 128 bits', async () => {
    const organizer = await signIn(t.db);

    const keys: string[] = [];
    for (let i = 0; i < 5; i++) keys.push((await createEvent(t, organizer)).apiKey);

    for (const key of keys) expect(key).toMatch(URL_SAFE_SECRET);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('ignores an apiKey sent in the body', async () => {
    const organizer = await signIn(t.db);

    const created = await createEvent(t, organizer, { apiKey: 'clave-elegida-por-el-cliente' });

    expect(created.apiKey).not.toBe('clave-elegida-por-el-cliente');
    expect(created.apiKey).toMatch(URL_SAFE_SECRET);
  });

  describe('validation', () => {
    const invalid: [string, Record<string, unknown>, string, string][] = [
      ['a missing nombre', { nombre: undefined }, 'nombre', eventMessages.nombre],
      ['an empty nombre', { nombre: '' }, 'nombre', eventMessages.nombre],
      ['a blank nombre', { nombre: '   ' }, 'nombre', eventMessages.nombre],
      ['a nombre that is not text', { nombre: 42 }, 'nombre', eventMessages.nombre],
      ['a nombre over 200 characters', { nombre: 'x'.repeat(201) }, 'nombre', eventMessages.nombreMax],
      ['a missing ubicacion', { ubicacion: undefined }, 'ubicacion', eventMessages.ubicacion],
      ['a blank ubicacion', { ubicacion: ' \t ' }, 'ubicacion', eventMessages.ubicacion],
      ['a missing fechaInicio', { fechaInicio: undefined }, 'fechaInicio', eventMessages.fechaInicio],
      [
        'a fechaInicio that is not a date',
        { fechaInicio: 'mañana' },
        'fechaInicio',
        eventMessages.fechaInicio,
      ],
      ['a date without time', { fechaInicio: '2030-07-04' }, 'fechaInicio', eventMessages.fechaInicio],
      [
        'an impossible date',
        { fechaInicio: '2030-13-45T25:00:00Z' },
        'fechaInicio',
        eventMessages.fechaInicio,
      ],
      ['a missing fechaFin', { fechaFin: undefined }, 'fechaFin', eventMessages.fechaFin],
      ['a fechaFin that is not a date', { fechaFin: '' }, 'fechaFin', eventMessages.fechaFin],
      ['a numeric fechaFin', { fechaFin: 1_900_000_000_000 }, 'fechaFin', eventMessages.fechaFin],
      ['notas over 2000 characters', { notas: 'n'.repeat(2001) }, 'notas', eventMessages.notasMax],
      [
        'an esPrivado that is not a boolean',
        { esPrivado: 'sí' },
        'esPrivado',
        'esPrivado debe ser verdadero o falso',
      ],
    ];

    it.each(invalid)('refuses %s with 400 naming the field', async (_case, overrides, field, message) => {
      const organizer = await signIn(t.db);

      const res = await call(t, organizer, 'POST', '/api/eventos', eventBody(overrides));

      expectFieldError(res, field, message);
      expect(await eventsOf(organizer.user.id)).toEqual([]);
    });

    it('refuses a fechaFin equal to fechaInicio', async () => {
      const organizer = await signIn(t.db);
      const start = hoursFromNow(24);

      const res = await call(
        t,
        organizer,
        'POST',
        '/api/eventos',
        eventBody({ fechaInicio: start, fechaFin: start }),
      );

      expectFieldError(res, 'fechaFin', 'La fecha de fin debe ser posterior a la fecha de inicio');
      expect(await eventsOf(organizer.user.id)).toEqual([]);
    });

    it('refuses a fechaFin before fechaInicio, also when only the offsets make it so', async () => {
      const organizer = await signIn(t.db);

      const before = await call(
        t,
        organizer,
        'POST',
        '/api/eventos',
        eventBody({ fechaInicio: hoursFromNow(24), fechaFin: hoursFromNow(23) }),
      );
      // 20:00 in Madrid (UTC+2) is 18:00Z, before 19:00Z.
      const byOffset = await call(
        t,
        organizer,
        'POST',
        '/api/eventos',
        eventBody({ fechaInicio: '2030-07-04T19:00:00Z', fechaFin: '2030-07-04T20:00:00+02:00' }),
      );

      for (const res of [before, byOffset]) {
        expectFieldError(res, 'fechaFin', 'La fecha de fin debe ser posterior a la fecha de inicio');
      }
      expect(await eventsOf(organizer.user.id)).toEqual([]);
    });

    it('lists every invalid field at once', async () => {
      const organizer = await signIn(t.db);

      const res = await call(t, organizer, 'POST', '/api/eventos', { fechaInicio: 'x', fechaFin: 'y' });

      const body = expectFieldError(res, 'nombre', eventMessages.nombre);
      expect(body.details).toEqual(
        expect.arrayContaining([
          { field: 'ubicacion', message: eventMessages.ubicacion },
          { field: 'fechaInicio', message: eventMessages.fechaInicio },
          { field: 'fechaFin', message: eventMessages.fechaFin },
        ]),
      );
    });

    it('refuses a body that is not JSON', async () => {
      const organizer = await signIn(t.db);

      const res = await t.app.inject({
        method: 'POST',
        url: '/api/eventos',
        headers: { ...organizer.headers, 'content-type': 'application/json' },
        payload: '{"nombre": ',
      });

      expectApiError(res, 400);
      expect(await eventsOf(organizer.user.id)).toEqual([]);
    });
  });
});
