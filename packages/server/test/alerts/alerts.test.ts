import { alertMessages } from '@drinkflow/domain/alerts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { type Account, signIn } from '../support/accounts';
import { call, expectApiError, expectFieldError } from '../support/api';
import { insertScanLog } from '../support/stats-night';
import { createTestApp, type TestApp } from '../support/test-app';
import { alertsOf, minutesAgo, noRules, putRules, runningEvent, setRules } from './alerts-fixtures';

// docs/decisions/022: organizer-set thresholds per event, checked by the server, recorded once.
// The thresholds and the sweep; the checks: alert-checks.test.ts; the bars': bar-alerts.test.ts.

let t: TestApp;
let owner: Account;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.db, 'organizer', 'Dueña');
});
afterAll(async () => {
  await t?.close();
});

describe('alert thresholds (GET /api/eventos/{id}/alertas, PUT …/alertas/reglas)', () => {
  it('start switched off with no alerts, and keep what the organizer sets', async () => {
    const { evento } = await runningEvent(t, owner);
    expect(await alertsOf(t, owner, evento.id)).toEqual({ reglas: noRules, alertas: [] });

    const saved = await setRules(t, owner, evento.id, { rechazosPorTicket: 3, minutosSinEscanear: 20 });
    expect(saved.reglas).toEqual({
      rechazosPorTicket: 3,
      consumosPorHora: null,
      minutosSinEscanear: 20,
      deshechosPorBarra: null,
    });
    expect((await alertsOf(t, owner, evento.id)).reglas).toEqual(saved.reglas);

    await setRules(t, owner, evento.id, { consumosPorHora: 500, deshechosPorBarra: 4 });
    expect((await alertsOf(t, owner, evento.id)).reglas).toEqual({
      ...noRules,
      consumosPorHora: 500,
      deshechosPorBarra: 4,
    });
  });

  it.each([
    ['rechazosPorTicket', 0, alertMessages.rechazosPorTicket],
    ['rechazosPorTicket', 1.5, alertMessages.rechazosPorTicket],
    ['rechazosPorTicket', '3', alertMessages.rechazosPorTicket],
    ['consumosPorHora', -1, alertMessages.consumosPorHora],
    ['consumosPorHora', 1_000_001, alertMessages.consumosPorHora],
    ['minutosSinEscanear', 0, alertMessages.minutosSinEscanear],
    ['minutosSinEscanear', 1441, alertMessages.minutosSinEscanear],
    ['deshechosPorBarra', 0, alertMessages.deshechosPorBarra],
    ['deshechosPorBarra', 1001, alertMessages.deshechosPorBarra],
  ])('refuses %s = %j with a Spanish 400 and keeps the old thresholds', async (field, value, message) => {
    const { evento } = await runningEvent(t, owner);
    await setRules(t, owner, evento.id, { rechazosPorTicket: 5 });

    const res = await putRules(t, owner, evento.id, { ...noRules, [field]: value });

    expectFieldError(res, field, message);
    expect((await alertsOf(t, owner, evento.id)).reglas.rechazosPorTicket).toBe(5);
  });

  it('refuses a body with a missing or unknown field', async () => {
    const { evento } = await runningEvent(t, owner);
    expectApiError(await putRules(t, owner, evento.id, { rechazosPorTicket: 3 }), 400, 'validation_error');
    expectApiError(await putRules(t, owner, evento.id, { ...noRules, extra: 1 }), 400, 'validation_error');
  });

  it('belong to the event’s organizer: others get 404, an admin may read but not change them', async () => {
    const { evento } = await runningEvent(t, owner);
    const stranger = await signIn(t.db, 'organizer', 'Otra');
    const admin = await signIn(t.db, 'admin', 'Admin');
    const bar = await signIn(t.db, 'scanner', 'Barra');

    expect((await call(t, null, 'GET', `/api/eventos/${evento.id}/alertas`)).statusCode).toBe(401);
    expect((await call(t, bar, 'GET', `/api/eventos/${evento.id}/alertas`)).statusCode).toBe(403);
    expect((await call(t, stranger, 'GET', `/api/eventos/${evento.id}/alertas`)).statusCode).toBe(404);
    expect((await putRules(t, stranger, evento.id, { ...noRules, consumosPorHora: 1 })).statusCode).toBe(404);
    expect((await putRules(t, null, evento.id, noRules)).statusCode).toBe(401);
    expect((await putRules(t, bar, evento.id, noRules)).statusCode).toBe(403);
    expect((await alertsOf(t, admin, evento.id)).reglas).toEqual(noRules);
    expect((await putRules(t, admin, evento.id, { ...noRules, consumosPorHora: 1 })).statusCode).toBe(404);
    expect((await alertsOf(t, owner, evento.id)).reglas).toEqual(noRules);
  });
});
describe('the sweep (ALERT_SWEEP_SECONDS)', () => {
  it('records the alerts of running events nobody is watching', async () => {
    const { evento, ticketId } = await runningEvent(t, owner);
    await setRules(t, owner, evento.id, { minutosSinEscanear: 10 });
    await insertScanLog(t.db, evento.id, {
      ticketId,
      allowed: true,
      reason: 'ok',
      barra: 'Terraza',
      at: minutesAgo(12),
    });

    const app = await buildApp({ db: t.db, alertSweepMs: 50 });
    try {
      const deadline = Date.now() + 5_000;
      while ((await alertsOf(t, owner, evento.id)).alertas.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await app.close();
    }

    expect((await alertsOf(t, owner, evento.id)).alertas).toMatchObject([
      { tipo: 'barra_inactiva', barra: 'Terraza' },
    ]);
  });
});
