import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { eventos } from '../../src/db/schema';
import { createAlertService } from '../../src/modules/alerts/service';
import { createEventService } from '../../src/modules/events/service';
import { type Account, signIn } from '../support/accounts';
import { insertConsumo, insertScanLog } from '../support/stats-night';
import { createTestApp, type TestApp } from '../support/test-app';
import { MINUTE } from '../support/time';
import { alertsOf, minutesAgo, refuse, runningEvent, setRules, undo } from './alerts-fixtures';

// docs/decisions/022: each alert fires above its threshold, once, and only while its event runs.

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

describe('alert checks', () => {
  it('fire “posible QR compartido” when one ticket is refused more than N times within 10 minutes, once', async () => {
    const { evento, ticketId } = await runningEvent(t, owner);
    await setRules(t, owner, evento.id, { rechazosPorTicket: 2 });
    await refuse(t.db, evento.id, ticketId, 12); // outside the window
    await refuse(t.db, evento.id, ticketId, 8);
    await refuse(t.db, evento.id, ticketId, 4);
    // Allowed scans and undo rows are no refusals.
    await insertScanLog(t.db, evento.id, { ticketId, allowed: true, reason: 'ok', at: minutesAgo(3) });
    await insertScanLog(t.db, evento.id, {
      ticketId,
      accion: 'deshacer',
      allowed: false,
      reason: 'deshecho',
    });

    expect(await alerts.evaluate(evento.id)).toBe(0); // 2 refusals: not more than 2

    await refuse(t.db, evento.id, ticketId, 1);
    expect(await alerts.evaluate(evento.id)).toBe(1);
    expect(await alerts.evaluate(evento.id)).toBe(0); // recorded once

    const [alert] = (await alertsOf(t, owner, evento.id)).alertas;
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
    const { evento, ticketId } = await runningEvent(t, owner);
    await setRules(t, owner, evento.id, { rechazosPorTicket: 1 });
    for (const minutes of [9, 8, 2, 1]) await refuse(t.db, evento.id, ticketId, minutes);

    expect(await alerts.evaluate(evento.id, new Date(Date.now() - 7 * MINUTE))).toBe(1);
    expect(await alerts.evaluate(evento.id)).toBe(0); // 7 minutes later: still the same alert
    expect(await alerts.evaluate(evento.id, new Date(Date.now() + 4 * MINUTE))).toBe(1); // 11 minutes later, 2 new refusals
  });

  it('fire “consumo por hora alto” above N drinks in the last 60 minutes, once an hour', async () => {
    const { evento, ticketId } = await runningEvent(t, owner);
    await setRules(t, owner, evento.id, { consumosPorHora: 3 });
    for (const minutes of [70, 50, 30, 10]) {
      await insertConsumo(t.db, evento.id, ticketId, minutesAgo(minutes), 'cerveza', 'Barra 1');
    }
    expect(await alerts.evaluate(evento.id)).toBe(0); // 3 in the last hour: not more than 3

    await insertConsumo(t.db, evento.id, ticketId, minutesAgo(1), 'copa', null);
    expect(await alerts.evaluate(evento.id)).toBe(1);
    await insertConsumo(t.db, evento.id, ticketId, minutesAgo(0), 'copa', null);
    expect(await alerts.evaluate(evento.id)).toBe(0);

    expect((await alertsOf(t, owner, evento.id)).alertas).toMatchObject([
      { tipo: 'consumo_alto', cantidad: 4, umbral: 3 },
    ]);
    expect(await alerts.evaluate(evento.id, new Date(Date.now() + 61 * MINUTE))).toBe(0); // nothing in that hour
  });

  it('fire “barra sin escanear” for each bar silent N minutes while the event runs, once per silence', async () => {
    const { evento, ticketId } = await runningEvent(t, owner);
    await setRules(t, owner, evento.id, { minutosSinEscanear: 15 });
    await insertScanLog(t.db, evento.id, {
      ticketId,
      allowed: true,
      reason: 'ok',
      barra: 'Terraza',
      at: minutesAgo(20),
    });
    await refuse(t.db, evento.id, ticketId, 5, 'Barra 1');
    await insertScanLog(t.db, evento.id, {
      ticketId,
      allowed: true,
      reason: 'ok',
      barra: null,
      at: minutesAgo(40),
    });

    expect(await alerts.evaluate(evento.id)).toBe(1);
    expect(await alerts.evaluate(evento.id, new Date(Date.now() + 5 * MINUTE))).toBe(0); // the same silence

    const [alert] = (await alertsOf(t, owner, evento.id)).alertas;
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
    expect((await alertsOf(t, owner, evento.id)).alertas.map((a) => a.barra).sort()).toEqual([
      'Barra 1',
      'Terraza',
      'Terraza',
    ]);
  });

  it('leave bars alone before the event starts and after it ends', async () => {
    const { evento, ticketId } = await runningEvent(t, owner);
    await setRules(t, owner, evento.id, { minutosSinEscanear: 1 });
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
    const { evento, ticketId } = await runningEvent(t, owner);
    // Each threshold at 1 would fire: 2 refusals of one ticket, 2 drinks this hour, a bar silent
    // 5 min, 2 undos at one bar.
    await refuse(t.db, evento.id, ticketId, 6, 'Terraza');
    await refuse(t.db, evento.id, ticketId, 5, 'Terraza');
    await undo(t.db, evento.id, ticketId, 6, 'Terraza');
    await undo(t.db, evento.id, ticketId, 5, 'Terraza');
    await insertConsumo(t.db, evento.id, ticketId, minutesAgo(6), 'cerveza', 'Terraza');
    await insertConsumo(t.db, evento.id, ticketId, minutesAgo(5), 'cerveza', 'Terraza');
    await setRules(t, owner, evento.id, { [rule]: 1 });

    expect(await alerts.evaluate(evento.id)).toBe(1);
    expect((await alertsOf(t, owner, evento.id)).alertas.map((a) => a.tipo)).toEqual([tipo]);
  });

  it('fire nothing once the thresholds are cleared', async () => {
    const { evento, ticketId } = await runningEvent(t, owner);
    await refuse(t.db, evento.id, ticketId, 2);
    await refuse(t.db, evento.id, ticketId, 1);
    await setRules(t, owner, evento.id, { rechazosPorTicket: 1 });
    await setRules(t, owner, evento.id, {});

    expect(await alerts.evaluate(evento.id)).toBe(0);
  });

  it('record an alert once when many checks run at the same time (two processes, say)', async () => {
    const { evento, ticketId } = await runningEvent(t, owner);
    await setRules(t, owner, evento.id, { rechazosPorTicket: 1, consumosPorHora: 1 });
    await refuse(t.db, evento.id, ticketId, 2);
    await refuse(t.db, evento.id, ticketId, 1);
    await insertConsumo(t.db, evento.id, ticketId, minutesAgo(2), 'cerveza', null);
    await insertConsumo(t.db, evento.id, ticketId, minutesAgo(1), 'cerveza', null);

    const fired = await Promise.all(Array.from({ length: 12 }, () => alerts.evaluate(evento.id)));

    expect(fired.reduce((sum, n) => sum + n, 0)).toBe(2);
    expect((await alertsOf(t, owner, evento.id)).alertas.map((a) => a.tipo).sort()).toEqual([
      'consumo_alto',
      'qr_compartido',
    ]);
  });

  it('lists only the event’s own alerts, and only checks running events with thresholds', async () => {
    const { evento, ticketId } = await runningEvent(t, owner);
    const other = await runningEvent(t, owner);
    await setRules(t, owner, evento.id, { rechazosPorTicket: 1 });
    await setRules(t, owner, other.evento.id, { rechazosPorTicket: 1 });
    await refuse(t.db, other.evento.id, other.ticketId, 2);
    await refuse(t.db, other.evento.id, other.ticketId, 1);
    await alerts.evaluate(other.evento.id);
    await refuse(t.db, evento.id, ticketId, 2);
    await refuse(t.db, evento.id, ticketId, 1);
    await alerts.evaluate(evento.id, new Date(Date.now() - 30_000));
    await alerts.evaluate(evento.id, new Date(Date.now() + 11 * MINUTE));

    const list = (await alertsOf(t, owner, evento.id)).alertas;
    expect(list).toHaveLength(1);
    expect(list[0]!.ticketId).toBe(ticketId);

    const watched = await alerts.eventsToWatch();
    expect(watched).toEqual(expect.arrayContaining([evento.id, other.evento.id]));
    const { evento: quiet } = await runningEvent(t, owner);
    expect(await alerts.eventsToWatch()).not.toContain(quiet.id);
  });
});
