import type { EventStats } from '@drinkflow/domain/stats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { type Account, signIn } from '../support/accounts';
import { call, expectApiError } from '../support/api';
import { createEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { insertConsumo, insertScanLog, seedNight } from '../support/stats-night';

let t: TestApp;
let owner: Account;
let eventoId: number;

const night = { fechaInicio: '2026-10-24T18:00:00.000Z', fechaFin: '2026-10-25T06:00:00.000Z' };

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.db, 'organizer', 'Dueña');
  const evento = await createEvent(t, owner, { nombre: 'Noche del cambio de hora', ...night });
  eventoId = evento.id;
  await seedNight(t.db, evento);

  // Another event's drinks and refusals never leak into this one.
  const other = await createEvent(t, owner, { nombre: 'Otra fiesta', ...night });
  const { tickets } = await seedNight(t.db, other);
  await insertConsumo(t.db, other.id, tickets.G.id, '2026-10-24T21:00:00Z', 'vino', 'Barra 1');
  await insertScanLog(t.db, other.id, { allowed: false, reason: 'caducado', barra: 'Barra 1' });
});
afterAll(async () => {
  await t?.close();
});

const getStats = async (who: Account | null, id: number | string = eventoId) =>
  call(t, who, 'GET', `/api/stats/${id}`);

async function statsOf(who: Account, id: number = eventoId): Promise<EventStats> {
  const res = await getStats(who, id);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json<EventStats>();
}

describe('GET /api/stats/{eventoId}', () => {
  it('counts the drinks and the tickets issued, and averages them to 2 decimals', async () => {
    const stats = await statsOf(owner);

    expect(stats.totalConsumos).toBe(10);
    expect(stats.totalAsistentes).toBe(7);
    expect(stats.promedioConsumos).toBe(1.43); // 10 / 7 = 1.428…
  });

  it('lists the peak hours in Madrid time: both 02:00 hours of the autumn change are one hour of the day', async () => {
    const stats = await statsOf(owner);

    expect(stats.horasPico).toEqual([
      { hora: '02:00', cantidad: 5 }, // 02:15 and 02:59 CEST, then 02:00, 02:30 and 02:45 CET
      { hora: '00:00', cantidad: 2 }, // after local midnight, while UTC is still on the 24th
      { hora: '01:00', cantidad: 1 },
      { hora: '03:00', cantidad: 1 },
      { hora: '23:00', cantidad: 1 },
    ]);
    expect(stats.horasPico.reduce((sum, hour) => sum + hour.cantidad, 0)).toBe(stats.totalConsumos);
  });

  it('gives the timeline by UTC hour, in time order', async () => {
    const stats = await statsOf(owner);

    expect(stats.consumosPorHora).toEqual([
      { hora: '2026-10-24T21:00:00.000Z', cantidad: 1 },
      { hora: '2026-10-24T22:00:00.000Z', cantidad: 2 },
      { hora: '2026-10-24T23:00:00.000Z', cantidad: 1 },
      { hora: '2026-10-25T00:00:00.000Z', cantidad: 2 },
      { hora: '2026-10-25T01:00:00.000Z', cantidad: 3 },
      { hora: '2026-10-25T02:00:00.000Z', cantidad: 1 },
    ]);
  });

  it('ranks the drinks, ties by name', async () => {
    const stats = await statsOf(owner);

    expect(stats.bebidasPopulares).toEqual([
      { tipoBebida: 'cerveza', cantidad: 4 },
      { tipoBebida: 'copa', cantidad: 4 },
      { tipoBebida: 'agua', cantidad: 2 },
    ]);
  });

  it('counts the tickets by effective state: invalidado > caducado > agotado > activo', async () => {
    const stats = await statsOf(owner);

    expect(stats.estadoTickets).toEqual({ activo: 3, agotado: 2, invalidado: 1, caducado: 1 });
  });

  it('counts refused scans by reason, the unknown QR and the other event’s ticket included', async () => {
    const stats = await statsOf(owner);

    expect(stats.rechazos).toEqual({ agotado: 2, intervalo: 1, no_encontrado: 1, otro_evento: 1 });
  });

  it('sums drinks, refusals and undos per bar, a device without a bar name as "Sin barra"', async () => {
    const stats = await statsOf(owner);

    expect(stats.porBarra).toEqual([
      { barra: 'Barra 1', consumos: 4, rechazos: 2, deshechos: 0 },
      { barra: 'Sin barra', consumos: 3, rechazos: 1, deshechos: 0 },
      { barra: 'Terraza', consumos: 3, rechazos: 1, deshechos: 0 },
      { barra: 'Barra 2', consumos: 0, rechazos: 1, deshechos: 0 },
      { barra: 'Barra 3', consumos: 0, rechazos: 0, deshechos: 1 },
    ]);
  });

  it('counts the undos (scan-log rows "deshacer"), not the undone scans themselves (docs/rules/offline-and-field.md)', async () => {
    const stats = await statsOf(owner);

    expect(stats.deshechos).toBe(1);
  });

  it('answers the empty shape for an event without tickets or scans', async () => {
    const empty = await createEvent(t, owner, { nombre: 'Sin datos todavía' });

    expect(await statsOf(owner, empty.id)).toEqual({
      totalConsumos: 0,
      totalAsistentes: 0,
      promedioConsumos: 0,
      horasPico: [],
      consumosPorHora: [],
      bebidasPopulares: [],
      estadoTickets: { activo: 0, agotado: 0, invalidado: 0, caducado: 0 },
      rechazos: {},
      deshechos: 0,
      porBarra: [],
      conflictosOffline: 0,
      conflictos: [],
      recargas: { bebidas: 0, importe: 0 },
      porDispositivo: [],
      porPersona: [],
    });
  });

  it('lets an admin read any event', async () => {
    const admin = await signIn(t.db, 'admin');

    expect((await statsOf(admin)).totalConsumos).toBe(10);
  });

  it('answers 404 for another organizer’s event and for one that does not exist', async () => {
    const stranger = await signIn(t.db, 'organizer');

    expectApiError(await getStats(stranger), 404, 'not_found');
    expectApiError(await getStats(owner, 999_999), 404, 'not_found');
  });

  it('answers 401 anonymous, 403 to bar staff and 400 to an id that is not one', async () => {
    const bar = await signIn(t.db, 'scanner');

    expectApiError(await getStats(null), 401, 'unauthorized');
    expectApiError(await getStats(bar), 403, 'forbidden');
    expectApiError(await getStats(owner, 'abc'), 400, 'validation_error');
  });
});

describe('GET /api/stats/{eventoId} in another APP_TIME_ZONE', () => {
  async function statsIn(timeZone: string): Promise<EventStats> {
    const app = await buildApp({ db: t.db, timeZone });
    try {
      const res = await app.inject({ method: 'GET', url: `/api/stats/${eventoId}`, headers: owner.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<EventStats>();
    } finally {
      await app.close();
    }
  }

  it('reads the hours of the day in UTC', async () => {
    const stats = await statsIn('UTC');

    expect(stats.horasPico).toEqual([
      { hora: '01:00', cantidad: 3 },
      { hora: '00:00', cantidad: 2 },
      { hora: '22:00', cantidad: 2 },
      { hora: '02:00', cantidad: 1 },
      { hora: '21:00', cantidad: 1 },
      { hora: '23:00', cantidad: 1 },
    ]);
    expect(stats.consumosPorHora).toEqual((await statsOf(owner)).consumosPorHora);
  });

  it('splits a UTC hour between two local hours in a half-hour zone (Asia/Kolkata, UTC+05:30)', async () => {
    const stats = await statsIn('Asia/Kolkata');

    // 22:10Z is 03:40 and 22:59:59Z is 04:29 there: one UTC hour, two local hours.
    expect(stats.horasPico).toEqual([
      { hora: '07:00', cantidad: 3 },
      { hora: '03:00', cantidad: 2 },
      { hora: '05:00', cantidad: 2 },
      { hora: '06:00', cantidad: 2 },
      { hora: '04:00', cantidad: 1 },
    ]);
  });
});
