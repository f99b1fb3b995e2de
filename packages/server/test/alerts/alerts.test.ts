import { randomUUID } from 'node:crypto';
import { alertMessages, alertText, type AlertRules, type EventAlerts } from '@drinkflow/domain/alerts';
import type { Evento } from '@drinkflow/domain/events';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { eventos } from '../../src/db/schema';
import { createAlertService } from '../../src/modules/alerts/service';
import { createEventService } from '../../src/modules/events/service';
import { type Account, signIn } from '../support/accounts';
import { call, expectApiError, expectFieldError } from '../support/api';
import { createEvent } from '../support/events';
import { insertOrder, insertTicket } from '../support/stored-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { HOUR, MINUTE } from '../support/time';
import { scannerClient } from '../support/scanner';
import { insertConsumo, insertScanLog, insertTicketType } from '../support/stats-night';

// docs/decisions/022: organizer-set thresholds per event, checked by the server, recorded once.

let t: TestApp;
let owner: Account;
let alerts: ReturnType<typeof createAlertService>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.db, 'organizer', 'Dueña');
  alerts = createAlertService(t.db, createEventService(t.db));
});
afterAll(async () => {
  await t?.close();
});

const minutesAgo = (minutes: number, from = Date.now()) => new Date(from - minutes * MINUTE).toISOString();
const noRules: AlertRules = {
  rechazosPorTicket: null,
  consumosPorHora: null,
  minutosSinEscanear: null,
  deshechosPorBarra: null,
};

/** An event running now, with one ticket of Ana Pérez. */
async function runningEvent(): Promise<{ evento: Evento; ticketId: number; qrCode: string }> {
  const evento = await createEvent(t, owner, {
    fechaInicio: new Date(Date.now() - 3 * HOUR).toISOString(),
    fechaFin: new Date(Date.now() + 3 * HOUR).toISOString(),
  });
  const tipo = await insertTicketType(t.db, evento.id, {
    nombre: 'General',
    modo: 'por_cantidad',
    maxDrinks: 2,
  });
  const pedido = await insertOrder(t.db, evento.id, 'Ana Pérez');
  const ticket = await insertTicket(t.db, pedido.id, tipo.id);
  return { evento, ticketId: ticket.id, qrCode: ticket.qrCode };
}

const putRules = (who: Account | null, id: number, body: unknown) =>
  call(t, who, 'PUT', `/api/eventos/${id}/alertas/reglas`, body);

async function setRules(id: number, rules: Partial<AlertRules>) {
  const res = await putRules(owner, id, { ...noRules, ...rules });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventAlerts>();
}

async function alertsOf(id: number, who: Account = owner): Promise<EventAlerts> {
  const res = await call(t, who, 'GET', `/api/eventos/${id}/alertas`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventAlerts>();
}

/** The undo of a drink, as the scanner logs it (`accion = 'deshacer'`), `minutes` ago. */
const undo = (eventoId: number, ticketId: number, minutes: number, barra: string | null) =>
  insertScanLog(t.db, eventoId, {
    ticketId,
    accion: 'deshacer',
    allowed: true,
    reason: 'deshecho',
    barra,
    at: minutesAgo(minutes),
  });

/** Each bar's last scan as `bar_last_scans` keeps it (the trigger on the scan log). */
async function lastScans(eventoId: number): Promise<Record<string, number>> {
  const result = await t.db.execute(sql`
    select barra, max(last_scan_at) as last from bar_last_scans where evento_id = ${eventoId} group by 1`);
  const rows = (result as unknown as { rows: { barra: string; last: string | Date }[] }).rows;
  return Object.fromEntries(rows.map((row) => [row.barra, new Date(row.last).getTime()]));
}

const refuse = (eventoId: number, ticketId: number, minutes: number, barra = 'Barra 1') =>
  insertScanLog(t.db, eventoId, {
    ticketId,
    allowed: false,
    reason: 'agotado',
    barra,
    at: minutesAgo(minutes),
  });

describe('alert thresholds (GET /api/eventos/{id}/alertas, PUT …/alertas/reglas)', () => {
  it('start switched off with no alerts, and keep what the organizer sets', async () => {
    const { evento } = await runningEvent();
    expect(await alertsOf(evento.id)).toEqual({ reglas: noRules, alertas: [] });

    const saved = await setRules(evento.id, { rechazosPorTicket: 3, minutosSinEscanear: 20 });
    expect(saved.reglas).toEqual({
      rechazosPorTicket: 3,
      consumosPorHora: null,
      minutosSinEscanear: 20,
      deshechosPorBarra: null,
    });
    expect((await alertsOf(evento.id)).reglas).toEqual(saved.reglas);

    await setRules(evento.id, { consumosPorHora: 500, deshechosPorBarra: 4 });
    expect((await alertsOf(evento.id)).reglas).toEqual({
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
    const { evento } = await runningEvent();
    await setRules(evento.id, { rechazosPorTicket: 5 });

    const res = await putRules(owner, evento.id, { ...noRules, [field]: value });

    expectFieldError(res, field, message);
    expect((await alertsOf(evento.id)).reglas.rechazosPorTicket).toBe(5);
  });

  it('refuses a body with a missing or unknown field', async () => {
    const { evento } = await runningEvent();
    expectApiError(await putRules(owner, evento.id, { rechazosPorTicket: 3 }), 400, 'validation_error');
    expectApiError(await putRules(owner, evento.id, { ...noRules, extra: 1 }), 400, 'validation_error');
  });

  it('belong to the event’s organizer: others get 404, an admin may read but not change them', async () => {
    const { evento } = await runningEvent();
    const stranger = await signIn(t.db, 'organizer', 'Otra');
    const admin = await signIn(t.db, 'admin', 'Admin');
    const bar = await signIn(t.db, 'scanner', 'Barra');

    expect((await call(t, null, 'GET', `/api/eventos/${evento.id}/alertas`)).statusCode).toBe(401);
    expect((await call(t, bar, 'GET', `/api/eventos/${evento.id}/alertas`)).statusCode).toBe(403);
    expect((await call(t, stranger, 'GET', `/api/eventos/${evento.id}/alertas`)).statusCode).toBe(404);
    expect((await putRules(stranger, evento.id, { ...noRules, consumosPorHora: 1 })).statusCode).toBe(404);
    expect((await putRules(null, evento.id, noRules)).statusCode).toBe(401);
    expect((await putRules(bar, evento.id, noRules)).statusCode).toBe(403);
    expect((await alertsOf(evento.id, admin)).reglas).toEqual(noRules);
    expect((await putRules(admin, evento.id, { ...noRules, consumosPorHora: 1 })).statusCode).toBe(404);
    expect((await alertsOf(evento.id)).reglas).toEqual(noRules);
  });
});

describe('alert checks', () => {
  it('fire “posible QR compartido” when one ticket is refused more than N times within 10 minutes, once', async () => {
    const { evento, ticketId } = await runningEvent();
    await setRules(evento.id, { rechazosPorTicket: 2 });
    await refuse(evento.id, ticketId, 12); // outside the window
    await refuse(evento.id, ticketId, 8);
    await refuse(evento.id, ticketId, 4);
    // Allowed scans and undo rows are no refusals.
    await insertScanLog(t.db, evento.id, { ticketId, allowed: true, reason: 'ok', at: minutesAgo(3) });
    await insertScanLog(t.db, evento.id, {
      ticketId,
      accion: 'deshacer',
      allowed: false,
      reason: 'deshecho',
    });

    expect(await alerts.evaluate(evento.id)).toBe(0); // 2 refusals: not more than 2

    await refuse(evento.id, ticketId, 1);
    expect(await alerts.evaluate(evento.id)).toBe(1);
    expect(await alerts.evaluate(evento.id)).toBe(0); // recorded once

    const [alert] = (await alertsOf(evento.id)).alertas;
    expect(alert).toMatchObject({
      tipo: 'qr_compartido',
      cantidad: 3,
      umbral: 2,
      ticketId,
      titular: 'Ana Pérez',
      barra: null,
    });
    expect(Date.parse(alert!.disparadaEn)).toBeGreaterThan(Date.now() - MINUTE);
  });

  it('fire again for the same ticket only once its last alert is 10 minutes old', async () => {
    const { evento, ticketId } = await runningEvent();
    await setRules(evento.id, { rechazosPorTicket: 1 });
    for (const minutes of [9, 8, 2, 1]) await refuse(evento.id, ticketId, minutes);

    expect(await alerts.evaluate(evento.id, new Date(Date.now() - 7 * MINUTE))).toBe(1);
    expect(await alerts.evaluate(evento.id)).toBe(0); // 7 minutes later: still the same alert
    expect(await alerts.evaluate(evento.id, new Date(Date.now() + 4 * MINUTE))).toBe(1); // 11 minutes later, 2 new refusals
  });

  it('fire “consumo por hora alto” above N drinks in the last 60 minutes, once an hour', async () => {
    const { evento, ticketId } = await runningEvent();
    await setRules(evento.id, { consumosPorHora: 3 });
    for (const minutes of [70, 50, 30, 10]) {
      await insertConsumo(t.db, evento.id, ticketId, minutesAgo(minutes), 'cerveza', 'Barra 1');
    }
    expect(await alerts.evaluate(evento.id)).toBe(0); // 3 in the last hour: not more than 3

    await insertConsumo(t.db, evento.id, ticketId, minutesAgo(1), 'copa', null);
    expect(await alerts.evaluate(evento.id)).toBe(1);
    await insertConsumo(t.db, evento.id, ticketId, minutesAgo(0), 'copa', null);
    expect(await alerts.evaluate(evento.id)).toBe(0);

    expect((await alertsOf(evento.id)).alertas).toMatchObject([
      { tipo: 'consumo_alto', cantidad: 4, umbral: 3 },
    ]);
    expect(await alerts.evaluate(evento.id, new Date(Date.now() + 61 * MINUTE))).toBe(0); // nothing in that hour
  });

  it('fire “barra sin escanear” for each bar silent N minutes while the event runs, once per silence', async () => {
    const { evento, ticketId } = await runningEvent();
    await setRules(evento.id, { minutosSinEscanear: 15 });
    await insertScanLog(t.db, evento.id, {
      ticketId,
      allowed: true,
      reason: 'ok',
      barra: 'Terraza',
      at: minutesAgo(20),
    });
    await refuse(evento.id, ticketId, 5, 'Barra 1');
    await insertScanLog(t.db, evento.id, {
      ticketId,
      allowed: true,
      reason: 'ok',
      barra: null,
      at: minutesAgo(40),
    });

    expect(await alerts.evaluate(evento.id)).toBe(1);
    expect(await alerts.evaluate(evento.id, new Date(Date.now() + 5 * MINUTE))).toBe(0); // the same silence

    const [alert] = (await alertsOf(evento.id)).alertas;
    expect(alert).toMatchObject({ tipo: 'barra_inactiva', barra: 'Terraza', umbral: 15, cantidad: 20 });

    // The bar scans again, then falls silent again: a new alert; Barra 1 is silent by then too.
    await insertScanLog(t.db, evento.id, {
      ticketId,
      allowed: true,
      reason: 'ok',
      barra: 'Terraza',
      at: minutesAgo(0),
    });
    expect(await alerts.evaluate(evento.id, new Date(Date.now() + 16 * MINUTE))).toBe(2);
    expect((await alertsOf(evento.id)).alertas.map((a) => a.barra).sort()).toEqual([
      'Barra 1',
      'Terraza',
      'Terraza',
    ]);
  });

  it('leave bars alone before the event starts and after it ends', async () => {
    const { evento, ticketId } = await runningEvent();
    await setRules(evento.id, { minutosSinEscanear: 1 });
    await insertScanLog(t.db, evento.id, {
      ticketId,
      allowed: true,
      reason: 'ok',
      barra: 'Terraza',
      at: minutesAgo(30),
    });
    await t.db
      .update(eventos)
      .set({ fechaFin: new Date(Date.now() - MINUTE) })
      .where(eq(eventos.id, evento.id));

    expect(await alerts.evaluate(evento.id)).toBe(0);
  });

  it.each([
    ['rechazosPorTicket', 'qr_compartido'],
    ['consumosPorHora', 'consumo_alto'],
    ['minutosSinEscanear', 'barra_inactiva'],
    ['deshechosPorBarra', 'deshechos_frecuentes'],
  ] as const)('with only %s set, fire only %s although the others would have crossed', async (rule, tipo) => {
    const { evento, ticketId } = await runningEvent();
    // Each threshold at 1 would fire: 2 refusals of one ticket, 2 drinks this hour, a bar silent
    // 5 min, 2 undos at one bar.
    await refuse(evento.id, ticketId, 6, 'Terraza');
    await refuse(evento.id, ticketId, 5, 'Terraza');
    await undo(evento.id, ticketId, 6, 'Terraza');
    await undo(evento.id, ticketId, 5, 'Terraza');
    await insertConsumo(t.db, evento.id, ticketId, minutesAgo(6), 'cerveza', 'Terraza');
    await insertConsumo(t.db, evento.id, ticketId, minutesAgo(5), 'cerveza', 'Terraza');
    await setRules(evento.id, { [rule]: 1 });

    expect(await alerts.evaluate(evento.id)).toBe(1);
    expect((await alertsOf(evento.id)).alertas.map((a) => a.tipo)).toEqual([tipo]);
  });

  it('fire nothing once the thresholds are cleared', async () => {
    const { evento, ticketId } = await runningEvent();
    await refuse(evento.id, ticketId, 2);
    await refuse(evento.id, ticketId, 1);
    await setRules(evento.id, { rechazosPorTicket: 1 });
    await setRules(evento.id, {});

    expect(await alerts.evaluate(evento.id)).toBe(0);
  });

  it('record an alert once when many checks run at the same time (two processes, say)', async () => {
    const { evento, ticketId } = await runningEvent();
    await setRules(evento.id, { rechazosPorTicket: 1, consumosPorHora: 1 });
    await refuse(evento.id, ticketId, 2);
    await refuse(evento.id, ticketId, 1);
    await insertConsumo(t.db, evento.id, ticketId, minutesAgo(2), 'cerveza', null);
    await insertConsumo(t.db, evento.id, ticketId, minutesAgo(1), 'cerveza', null);

    const fired = await Promise.all(Array.from({ length: 12 }, () => alerts.evaluate(evento.id)));

    expect(fired.reduce((sum, n) => sum + n, 0)).toBe(2);
    expect((await alertsOf(evento.id)).alertas.map((a) => a.tipo).sort()).toEqual([
      'consumo_alto',
      'qr_compartido',
    ]);
  });

  it('lists only the event’s own alerts, and only checks running events with thresholds', async () => {
    const { evento, ticketId } = await runningEvent();
    const other = await runningEvent();
    await setRules(evento.id, { rechazosPorTicket: 1 });
    await setRules(other.evento.id, { rechazosPorTicket: 1 });
    await refuse(other.evento.id, other.ticketId, 2);
    await refuse(other.evento.id, other.ticketId, 1);
    await alerts.evaluate(other.evento.id);
    await refuse(evento.id, ticketId, 2);
    await refuse(evento.id, ticketId, 1);
    await alerts.evaluate(evento.id, new Date(Date.now() - 30_000));
    await alerts.evaluate(evento.id, new Date(Date.now() + 11 * MINUTE));

    const list = (await alertsOf(evento.id)).alertas;
    expect(list).toHaveLength(1);
    expect(list[0]!.ticketId).toBe(ticketId);

    const watched = await alerts.eventsToWatch();
    expect(watched).toEqual(expect.arrayContaining([evento.id, other.evento.id]));
    const { evento: quiet } = await runningEvent();
    expect(await alerts.eventsToWatch()).not.toContain(quiet.id);
  });
});

describe('frequent undos at one bar (deshechos_frecuentes)', () => {
  it('fire when one bar undoes more than N drinks within 10 minutes, per bar, once', async () => {
    const { evento, ticketId } = await runningEvent();
    await setRules(evento.id, { deshechosPorBarra: 2 });
    await undo(evento.id, ticketId, 12, 'Terraza'); // outside the window
    await undo(evento.id, ticketId, 8, 'Terraza');
    await undo(evento.id, ticketId, 4, 'Terraza');
    await undo(evento.id, ticketId, 3, 'Barra 1');
    await undo(evento.id, ticketId, 2, 'Barra 1');
    // Refused and served scans are no undos.
    await refuse(evento.id, ticketId, 1, 'Terraza');
    await insertScanLog(t.db, evento.id, {
      ticketId,
      allowed: true,
      reason: 'ok',
      barra: 'Terraza',
      at: minutesAgo(1),
    });

    expect(await alerts.evaluate(evento.id)).toBe(0); // 2 undos at each bar: not more than 2

    await undo(evento.id, ticketId, 1, 'Terraza');
    expect(await alerts.evaluate(evento.id)).toBe(1);
    expect(await alerts.evaluate(evento.id)).toBe(0); // recorded once

    const [alert] = (await alertsOf(evento.id)).alertas;
    expect(alert).toMatchObject({
      tipo: 'deshechos_frecuentes',
      cantidad: 3,
      umbral: 2,
      barra: 'Terraza',
      ticketId: null,
      titular: null,
    });
    expect(alertText(alert!)).toBe('La barra «Terraza» deshizo 3 consumos en 10 minutos (umbral: más de 2).');
  });

  it('count the devices without a bar name as one bar, and fire again only 10 minutes later', async () => {
    const { evento, ticketId } = await runningEvent();
    await setRules(evento.id, { deshechosPorBarra: 1 });
    await undo(evento.id, ticketId, 3, null);
    await undo(evento.id, ticketId, 2, null);
    expect(await alerts.evaluate(evento.id)).toBe(1);
    const [alert] = (await alertsOf(evento.id)).alertas;
    expect(alert).toMatchObject({ tipo: 'deshechos_frecuentes', cantidad: 2, barra: null });
    expect(alertText(alert!)).toContain('La barra «Sin barra» deshizo 2 consumos');

    await undo(evento.id, ticketId, -5, null);
    await undo(evento.id, ticketId, -6, null);
    expect(await alerts.evaluate(evento.id, new Date(Date.now() + 7 * MINUTE))).toBe(0); // 7 minutes later
    expect(await alerts.evaluate(evento.id, new Date(Date.now() + 11 * MINUTE))).toBe(1);
  });
});

describe('each bar’s last scan (bar_last_scans)', () => {
  it('is kept by every scan the scanner logs: served, refused, unknown QR and undo', async () => {
    const { evento, qrCode } = await runningEvent();
    const scanner = scannerClient(t, evento.apiKey);
    const started = Date.now() - 1_000;
    const scanId = randomUUID();

    const served = await scanner.consume({ qrCode, scanId, deviceId: 'caja-1', barra: 'Terraza' });
    expect(served.json(), served.body).toMatchObject({ success: true });
    await scanner.consume({ qrCode }); // served, without a bar name: no row
    const refused = await scanner.consume({ qrCode, barra: 'Patio' }); // 2 of 2 drinks: agotado
    expect(refused.json()).toMatchObject({ success: false, reason: 'agotado' });
    expect((await scanner.consume({ qrCode: 'no-existe', barra: 'Puerta' })).statusCode).toBe(404);
    const beforeUndo = await lastScans(evento.id);
    expect(Object.keys(beforeUndo).sort()).toEqual(['Patio', 'Puerta', 'Terraza']);
    for (const at of Object.values(beforeUndo)) expect(at).toBeGreaterThanOrEqual(started);

    expect((await scanner.undo({ scanId, deviceId: 'caja-1' })).statusCode).toBe(200);
    const afterUndo = await lastScans(evento.id);
    expect(afterUndo.Terraza).toBeGreaterThanOrEqual(beforeUndo.Terraza!);
    const [logged] = (
      (await t.db.execute(sql`
        select max(created_at) as last from scan_log where evento_id = ${evento.id} and barra = 'Terraza'`)) as unknown as {
        rows: { last: string | Date }[];
      }
    ).rows;
    expect(afterUndo.Terraza).toBe(new Date(logged!.last).getTime());
  });

  it('holds the latest of many scans logged at once at one bar', async () => {
    const { evento, ticketId } = await runningEvent();
    const times = Array.from({ length: 24 }, (_, i) => minutesAgo(30 - i));
    await Promise.all(
      times.map((at) =>
        insertScanLog(t.db, evento.id, { ticketId, allowed: true, reason: 'ok', barra: 'Terraza', at }),
      ),
    );
    expect(await lastScans(evento.id)).toEqual({ Terraza: Date.parse(times.at(-1)!) });
  });

  it('is what “barra sin escanear” reads: it fires from it, and a new scan clears the silence', async () => {
    const { evento, qrCode } = await runningEvent();
    await setRules(evento.id, { minutosSinEscanear: 15 });
    // A bar's last scan on record, with no scan-log row behind it: the alert reads the table alone.
    await t.db.execute(sql`
      insert into bar_last_scans (evento_id, barra, franja, last_scan_at)
      values (${evento.id}, 'Cocina', 3, ${minutesAgo(30)}::timestamptz)`);

    expect(await alerts.evaluate(evento.id, new Date(Date.now() - 10 * MINUTE))).toBe(1);
    expect((await alertsOf(evento.id)).alertas).toMatchObject([
      { tipo: 'barra_inactiva', barra: 'Cocina', cantidad: 20, umbral: 15 },
    ]);

    // The bar scans again through the scanner: its silence is over, no alert until the next one.
    const res = await scannerClient(t, evento.apiKey).consume({ qrCode, barra: 'Cocina' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await alerts.evaluate(evento.id)).toBe(0);
    expect(await alerts.evaluate(evento.id, new Date(Date.now() + 10 * MINUTE))).toBe(0);
    expect(await alerts.evaluate(evento.id, new Date(Date.now() + 16 * MINUTE))).toBe(1);
    expect((await alertsOf(evento.id)).alertas.map((a) => a.barra)).toEqual(['Cocina', 'Cocina']);
  });
});

describe('the sweep (ALERT_SWEEP_SECONDS)', () => {
  it('records the alerts of running events nobody is watching', async () => {
    const { evento, ticketId } = await runningEvent();
    await setRules(evento.id, { minutosSinEscanear: 10 });
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
      while ((await alertsOf(evento.id)).alertas.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await app.close();
    }

    expect((await alertsOf(evento.id)).alertas).toMatchObject([{ tipo: 'barra_inactiva', barra: 'Terraza' }]);
  });
});
