import { randomUUID } from 'node:crypto';
import { alertText } from '@drinkflow/domain/alerts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertService } from '../../src/modules/alerts/service';
import { createEventService } from '../../src/modules/events/service';
import { type Account, signIn } from '../support/accounts';
import { scannerClient } from '../support/scanner';
import { insertScanLog } from '../support/stats-night';
import { createTestApp, type TestApp } from '../support/test-app';
import { MINUTE } from '../support/time';
import { alertsOf, minutesAgo, refuse, runningEvent, setRules, undo } from './alerts-fixtures';

// docs/decisions/022: the alerts of one bar: frequent undos, and the silence read from each bar's
// last scan.

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

/** Each bar's last scan as `bar_last_scans` keeps it (the trigger on the scan log). */
async function lastScans(eventoId: number): Promise<Record<string, number>> {
  const result = await t.db.execute(sql`
    select barra, max(last_scan_at) as last from bar_last_scans where evento_id = ${eventoId} group by 1`);
  const rows = (result as unknown as { rows: { barra: string; last: string | Date }[] }).rows;
  return Object.fromEntries(rows.map((row) => [row.barra, new Date(row.last).getTime()]));
}

describe('frequent undos at one bar (deshechos_frecuentes)', () => {
  it('fire when one bar undoes more than N drinks within 10 minutes, per bar, once', async () => {
    const { evento, ticketId } = await runningEvent(t, owner);
    await setRules(t, owner, evento.id, { deshechosPorBarra: 2 });
    await undo(t.db, evento.id, ticketId, 12, 'Terraza'); // outside the window
    await undo(t.db, evento.id, ticketId, 8, 'Terraza');
    await undo(t.db, evento.id, ticketId, 4, 'Terraza');
    await undo(t.db, evento.id, ticketId, 3, 'Barra 1');
    await undo(t.db, evento.id, ticketId, 2, 'Barra 1');
    // Refused and served scans are no undos.
    await refuse(t.db, evento.id, ticketId, 1, 'Terraza');
    await insertScanLog(t.db, evento.id, {
      ticketId,
      allowed: true,
      reason: 'ok',
      barra: 'Terraza',
      at: minutesAgo(1),
    });

    expect(await alerts.evaluate(evento.id)).toBe(0); // 2 undos at each bar: not more than 2

    await undo(t.db, evento.id, ticketId, 1, 'Terraza');
    expect(await alerts.evaluate(evento.id)).toBe(1);
    expect(await alerts.evaluate(evento.id)).toBe(0); // recorded once

    const [alert] = (await alertsOf(t, owner, evento.id)).alertas;
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
    const { evento, ticketId } = await runningEvent(t, owner);
    await setRules(t, owner, evento.id, { deshechosPorBarra: 1 });
    await undo(t.db, evento.id, ticketId, 3, null);
    await undo(t.db, evento.id, ticketId, 2, null);
    expect(await alerts.evaluate(evento.id)).toBe(1);
    const [alert] = (await alertsOf(t, owner, evento.id)).alertas;
    expect(alert).toMatchObject({ tipo: 'deshechos_frecuentes', cantidad: 2, barra: null });
    expect(alertText(alert!)).toContain('La barra «Sin barra» deshizo 2 consumos');

    await undo(t.db, evento.id, ticketId, -5, null);
    await undo(t.db, evento.id, ticketId, -6, null);
    expect(await alerts.evaluate(evento.id, new Date(Date.now() + 7 * MINUTE))).toBe(0); // 7 minutes later
    expect(await alerts.evaluate(evento.id, new Date(Date.now() + 11 * MINUTE))).toBe(1);
  });
});

describe('each bar’s last scan (bar_last_scans)', () => {
  it('is kept by every scan the scanner logs: served, refused, unknown QR and undo', async () => {
    const { evento, qrCode } = await runningEvent(t, owner);
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
    const { evento, ticketId } = await runningEvent(t, owner);
    const times = Array.from({ length: 24 }, (_, i) => minutesAgo(30 - i));
    await Promise.all(
      times.map((at) =>
        insertScanLog(t.db, evento.id, { ticketId, allowed: true, reason: 'ok', barra: 'Terraza', at }),
      ),
    );
    expect(await lastScans(evento.id)).toEqual({ Terraza: Date.parse(times.at(-1)!) });
  });

  it('is what “barra sin escanear” reads: it fires from it, and a new scan clears the silence', async () => {
    const { evento, qrCode } = await runningEvent(t, owner);
    await setRules(t, owner, evento.id, { minutosSinEscanear: 15 });
    // A bar's last scan on record, with no scan-log row behind it: the alert reads the table alone.
    await t.db.execute(sql`
      insert into bar_last_scans (evento_id, barra, franja, last_scan_at)
      values (${evento.id}, 'Cocina', 3, ${minutesAgo(30)}::timestamptz)`);

    expect(await alerts.evaluate(evento.id, new Date(Date.now() - 10 * MINUTE))).toBe(1);
    expect((await alertsOf(t, owner, evento.id)).alertas).toMatchObject([
      { tipo: 'barra_inactiva', barra: 'Cocina', cantidad: 20, umbral: 15 },
    ]);

    // The bar scans again through the scanner: its silence is over, no alert until the next one.
    const res = await scannerClient(t, evento.apiKey).consume({ qrCode, barra: 'Cocina' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await alerts.evaluate(evento.id)).toBe(0);
    expect(await alerts.evaluate(evento.id, new Date(Date.now() + 10 * MINUTE))).toBe(0);
    expect(await alerts.evaluate(evento.id, new Date(Date.now() + 16 * MINUTE))).toBe(1);
    expect((await alertsOf(t, owner, evento.id)).alertas.map((a) => a.barra)).toEqual(['Cocina', 'Cocina']);
  });
});
