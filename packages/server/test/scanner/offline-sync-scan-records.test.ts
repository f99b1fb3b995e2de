import { OFFLINE_SYNC_LIMITS, offlineSyncMessages } from '@drinkflow/domain/offline-sync';
import { offlineUploadMessages, scannerMessages, type ScanResult } from '@drinkflow/domain/scanner';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectApiError, expectFieldError } from '../support/api';
import { consumoRows, scanLogRows } from '../support/scan-rows';
import { expectScan, newScanId, scannerSetup, type ScannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { HOUR, MINUTE } from '../support/time';
import { iso, NOW, upload } from './offline-uploads';

// docs/rules/offline-and-field.md (docs/decisions/036): offline scans reach the server through the consume call with
// `offline: true` and `escaneadoEn`. A drink served offline is always stored, at its scan time;
// when the rules, with every drink the server knows, would have refused it, it is flagged as a
// conflict with that reason, counted and listed in the statistics and named in the exports.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp({ scannerRateLimit: 0 });
});

afterAll(() => t.close());

beforeEach(() => {
  t.clock.set(NOW);
});

describe('escaneadoEn', () => {
  const expectNothingStored = async (setup: ScannerSetup) => {
    expect(await consumoRows(t.db, setup.ticket.id)).toHaveLength(0);
    expect(await scanLogRows(t.db, setup.evento.id)).toHaveLength(0);
  };

  it('refuses a time in the future beyond the clock-skew tolerance, and more than 48 h old (400)', async () => {
    const setup = await scannerSetup(t);
    const ahead = await setup.scanner.consume(upload(setup, NOW + OFFLINE_SYNC_LIMITS.clockSkewMs + 1000));
    expectFieldError(ahead, 'escaneadoEn', offlineSyncMessages.future);
    expect(ahead.json().message).toBe('La hora del escaneo no puede estar en el futuro');

    const old = await setup.scanner.consume(upload(setup, NOW - 48 * HOUR - 1000));
    expectFieldError(old, 'escaneadoEn', 'La hora del escaneo no puede tener más de 48 horas');
    await expectNothingStored(setup);
  });

  it.each([
    ['malformed', 'ayer a las diez'],
    ['a day that does not exist', '2030-02-30T10:00:00.000Z'],
    ['without a time zone', '2030-07-04T19:00:00'],
    ['a number', 1_900_000_000_000],
  ])('refuses %s (400 with the field)', async (_, escaneadoEn) => {
    const setup = await scannerSetup(t);
    const res = await setup.scanner.consume(upload(setup, NOW, { escaneadoEn }));
    expectFieldError(res, 'escaneadoEn', offlineUploadMessages.escaneadoEnInvalid);
    await expectNothingStored(setup);
  });

  it('requires a scanId and escaneadoEn with offline: true, and escaneadoEn only with it', async () => {
    const setup = await scannerSetup(t);
    const { scanId: _scanId, ...withoutScanId } = upload(setup, NOW);
    expectFieldError(
      await setup.scanner.consume(withoutScanId),
      'scanId',
      offlineUploadMessages.scanIdRequired,
    );
    const { escaneadoEn: _at, ...withoutTime } = upload(setup, NOW);
    expectFieldError(
      await setup.scanner.consume(withoutTime),
      'escaneadoEn',
      offlineUploadMessages.escaneadoEnRequired,
    );
    expectFieldError(
      await setup.scanner.consume(upload(setup, NOW, { offline: false })),
      'escaneadoEn',
      offlineUploadMessages.escaneadoEnOnlyOffline,
    );
    expectFieldError(
      await setup.scanner.consume(upload(setup, NOW, { offline: 'sí' })),
      'offline',
      offlineUploadMessages.offlineInvalid,
    );
    await expectNothingStored(setup);
  });

  it('accepts a device clock a little ahead and stores that drink at the server time', async () => {
    const setup = await scannerSetup(t);
    const res = await setup.scanner.consume(upload(setup, NOW + OFFLINE_SYNC_LIMITS.clockSkewMs - 1000));
    expectScan(res, { success: true, conflicto: false });
    expect((await consumoRows(t.db, setup.ticket.id))[0]!.timestamp).toEqual(new Date(NOW));
  });

  it('stores the drink at escaneadoEn: the history shows that time, in time order', async () => {
    const setup = await scannerSetup(t);
    expectScan(await setup.scanner.consume({ qrCode: setup.ticket.qrCode, scanId: newScanId() }), {
      success: true,
    });
    const earlier = upload(setup, NOW - 45 * MINUTE);
    const res = await setup.scanner.consume(earlier);
    expect(res.json<ScanResult>().consumos!.map((row) => row.timestamp)).toEqual([
      earlier.escaneadoEn,
      iso(NOW),
    ]);

    const lookup = await setup.scanner.ticket(setup.ticket.qrCode);
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json<ScanResult>().consumos!.map((row) => row.timestamp)).toEqual([
      earlier.escaneadoEn,
      iso(NOW),
    ]);
    const log = await scanLogRows(t.db, setup.evento.id);
    expect(log.map(({ createdAt, offline, allowed }) => ({ createdAt, offline, allowed }))).toEqual([
      { createdAt: new Date(NOW), offline: false, allowed: true },
      { createdAt: new Date(earlier.escaneadoEn), offline: true, allowed: true },
    ]);
  });
});

describe('the bar, the log and the scanId', () => {
  it('keeps the bar’s last scan at the newest time when older offline drinks arrive', async () => {
    const setup = await scannerSetup(t, {
      tipo: { modo: 'temporal', maxDrinks: null, durationMinutes: 360 },
    });
    expectScan(
      await setup.scanner.consume({ qrCode: setup.ticket.qrCode, scanId: newScanId(), barra: 'Terraza' }),
      { success: true },
    );
    // Eight older uploads after the online scan: none moves the bar's last scan back.
    for (let index = 1; index <= 8; index++) {
      expectScan(await setup.scanner.consume(upload(setup, NOW - index * MINUTE, { barra: 'Terraza' })), {
        success: true,
      });
    }
    const result = await t.db.execute(sql`
      select max(last_scan_at) as last, count(*)::int as n
      from bar_last_scans where evento_id = ${setup.evento.id} and barra = 'Terraza'`);
    const [row] = (result as unknown as { rows: { last: Date | string; n: number }[] }).rows;
    expect(new Date(row!.last)).toEqual(new Date(NOW));
    expect(row!.n).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown QR and 403 for another event’s ticket, both logged at the scan time', async () => {
    const setup = await scannerSetup(t);
    const other = await scannerSetup(t, { owner: setup.owner });
    const at = NOW - 30 * MINUTE;

    const unknown = await setup.scanner.consume(upload(setup, at, { qrCode: 'codigo-que-no-existe' }));
    expectApiError(unknown, 404, 'not_found');
    expect(unknown.json().message).toBe(scannerMessages.ticketNotFound);
    const foreign = await setup.scanner.consume(upload(setup, at, { qrCode: other.ticket.qrCode }));
    expectApiError(foreign, 403, 'forbidden');

    const log = await scanLogRows(t.db, setup.evento.id);
    expect(
      log.map(({ reason, allowed, offline, createdAt }) => ({ reason, allowed, offline, createdAt })),
    ).toEqual([
      { reason: 'no_encontrado', allowed: false, offline: true, createdAt: new Date(at) },
      { reason: 'otro_evento', allowed: false, offline: true, createdAt: new Date(at) },
    ]);
    expect(await consumoRows(t.db, other.ticket.id)).toHaveLength(0);
  });

  it('answers 409 to the same scanId with another QR code, storing nothing', async () => {
    const setup = await scannerSetup(t, { quantity: 2 });
    const scan = upload(setup, NOW - MINUTE);
    expectScan(await setup.scanner.consume(scan), { success: true });

    const res = await setup.scanner.consume({ ...scan, qrCode: setup.tickets[1]!.qrCode });

    expectApiError(res, 409, 'conflict');
    expect(await consumoRows(t.db, setup.tickets[1]!.id)).toHaveLength(0);
  });

  it('keeps undo as is: only within 2 minutes of the scan, from the same device', async () => {
    const setup = await scannerSetup(t);
    const recent = upload(setup, NOW - MINUTE, { deviceId: 'movil-a' });
    const old = upload(setup, NOW - 10 * MINUTE, { deviceId: 'movil-a' });
    expectScan(await setup.scanner.consume(recent), { success: true });
    expectScan(await setup.scanner.consume(old), { success: true });

    expect((await setup.scanner.undo({ scanId: old.scanId, deviceId: 'movil-a' })).statusCode).toBe(409);
    expect((await setup.scanner.undo({ scanId: recent.scanId, deviceId: 'movil-a' })).statusCode).toBe(200);
    expect(await consumoRows(t.db, setup.ticket.id)).toHaveLength(1);
  });
});

describe('with the database’s clock (as in production)', () => {
  let real: ScannerTestApp;
  beforeAll(async () => {
    real = await createScannerApp({ scannerRateLimit: 0, clock: 'database' });
  });
  afterAll(() => real.close());

  it('checks escaneadoEn against the database’s time and stores the drink at it', async () => {
    real.clock.reset();
    const setup = await scannerSetup(real);
    const at = Date.now() - 10 * MINUTE;

    expectScan(await setup.scanner.consume(upload(setup, at)), { success: true, conflicto: false });
    expectFieldError(
      await setup.scanner.consume(upload(setup, Date.now() + HOUR)),
      'escaneadoEn',
      offlineSyncMessages.future,
    );
    const drinks = await consumoRows(real.db, setup.ticket.id);
    expect(drinks.map((row) => row.timestamp)).toEqual([new Date(at)]);
  });
});
