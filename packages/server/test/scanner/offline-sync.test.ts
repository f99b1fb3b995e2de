import { OFFLINE_SYNC_LIMITS, offlineSyncMessages } from '@drinkflow/domain/offline-sync';
import { offlineUploadMessages, scannerMessages, type ScanResult } from '@drinkflow/domain/scanner';
import type { EventStats } from '@drinkflow/domain/stats';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tickets } from '../../src/db/schema';
import { call, expectApiError, expectFieldError } from '../support/api';
import { expectCsv, getExport } from '../support/csv-exports';
import { consumoRows, scanLogRows } from '../support/scan-rows';
import { decisionOf, expectScan, newScanId, scannerSetup, type ScannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { HOUR, MINUTE } from '../support/time';

// docs/rules/offline-and-field.md (docs/decisions/036): offline scans reach the server through the consume call with
// `offline: true` and `escaneadoEn`. A drink served offline is always stored, at its scan time;
// when the rules, with every drink the server knows, would have refused it, it is flagged as a
// conflict with that reason, counted and listed in the statistics and named in the exports.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp({ scannerRateLimit: 0 });
});
afterAll(() => t.close());

/** 22:00 in Madrid, a round minute, so the exports' times read plainly. */
const NOW = Date.parse('2030-07-04T20:00:00.000Z');
beforeEach(() => {
  t.clock.set(NOW);
});

const iso = (ms: number) => new Date(ms).toISOString();

/** What the offline scanner sends for a drink it served at `at` (ms). */
const upload = (setup: ScannerSetup, at: number, extra: Record<string, unknown> = {}) => ({
  qrCode: setup.ticket.qrCode,
  scanId: newScanId(),
  deviceId: 'movil-a',
  barra: 'Terraza',
  offline: true,
  escaneadoEn: iso(at),
  ...extra,
});

const statsOf = async (setup: ScannerSetup) => {
  const res = await call(t, setup.owner, 'GET', `/api/stats/${setup.evento.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventStats>();
};

const download = async (setup: ScannerSetup, name: 'consumos' | 'escaneos') =>
  expectCsv(await getExport(t, setup.owner, setup.evento.id, name), `${name}-evento-${setup.evento.id}.csv`);

describe('two devices serve the same 1-drink ticket offline', () => {
  it('stores both drinks, flags the second upload agotado, and shows it in statistics and exports', async () => {
    const setup = await scannerSetup(t, { tipo: { maxDrinks: 1 } });
    const { scanner, ticket } = setup;
    const scanA = upload(setup, NOW - 30 * MINUTE, { deviceId: 'movil-a', barra: 'Terraza' });
    const scanB = upload(setup, NOW - 20 * MINUTE, { deviceId: 'movil-b', barra: 'Barra Norte' });

    const first = await scanner.consume(scanA);
    expectScan(first, {
      success: true,
      conflicto: false,
      reason: 'ok',
      message: 'Consumo registrado',
      canConsume: false,
      remainingDrinks: 0,
      tipoBebida: 'copa',
      scanId: scanA.scanId,
    });
    const second = await scanner.consume(scanB);
    expectScan(second, {
      success: true,
      conflicto: true,
      reason: 'agotado',
      message: `${offlineUploadMessages.conflict}: Límite de bebidas alcanzado`,
      canConsume: false,
      remainingDrinks: 0,
      scanId: scanB.scanId,
    });
    // The ticket as it is now goes with the answer, its drinks at their scan times.
    const answer = second.json<ScanResult>();
    expect(answer.ticket).toMatchObject({ id: ticket.id, estado: 'agotado', titular: 'Lucía Fernández' });
    expect(answer.consumos!.map((row) => [row.timestamp, row.barra])).toEqual([
      [scanA.escaneadoEn, 'Terraza'],
      [scanB.escaneadoEn, 'Barra Norte'],
    ]);

    const drinks = await consumoRows(t.db, ticket.id);
    expect(drinks.map(({ timestamp, offline, conflicto }) => ({ timestamp, offline, conflicto }))).toEqual([
      { timestamp: new Date(scanA.escaneadoEn), offline: true, conflicto: null },
      { timestamp: new Date(scanB.escaneadoEn), offline: true, conflicto: 'agotado' },
    ]);

    // Replays of both answer the first answers and store nothing new.
    t.clock.advance(10 * MINUTE);
    const replayA = await scanner.consume(scanA);
    const replayB = await scanner.consume(scanB);
    expect(decisionOf(replayA)).toEqual(decisionOf(first));
    expect(decisionOf(replayB)).toEqual(decisionOf(second));
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(2);
    expect(await scanLogRows(t.db, setup.evento.id)).toHaveLength(2);

    const stats = await statsOf(setup);
    expect(stats).toMatchObject({ totalConsumos: 2, conflictosOffline: 1, rechazos: {} });
    expect(stats.estadoTickets.agotado).toBe(1);
    expect(stats.conflictos).toEqual([
      {
        id: drinks[1]!.id,
        escaneadoEn: scanB.escaneadoEn,
        ticketId: ticket.id,
        titular: 'Lucía Fernández',
        tipoTicket: setup.tipo.nombre,
        barra: 'Barra Norte',
        reason: 'agotado',
      },
    ]);

    // 21:30 and 21:40 in Madrid: the scan times, not the upload time.
    const [scanHeader, ...scans] = await download(setup, 'escaneos');
    expect(scanHeader).toEqual(['Fecha', 'Ticket', 'Resultado', 'Motivo', 'Bebida', 'Barra']);
    expect(scans).toEqual([
      ['04/07/2030 21:30:00', String(ticket.id), 'Permitido', '', 'Copa', 'Terraza'],
      [
        '04/07/2030 21:40:00',
        String(ticket.id),
        'Permitido',
        'Conflicto offline: Límite de bebidas alcanzado',
        'Copa',
        'Barra Norte',
      ],
    ]);
    const [drinkHeader, ...drinkRows] = await download(setup, 'consumos');
    expect(drinkHeader).toEqual([
      'Fecha',
      'Ticket',
      'Titular',
      'Tipo de ticket',
      'Bebida',
      'Barra',
      'Offline',
    ]);
    expect(drinkRows.map((row) => [row[0], row[6]])).toEqual([
      ['04/07/2030 21:30:00', 'Sí'],
      ['04/07/2030 21:40:00', 'Sí'],
    ]);
  });

  it('flags the second upload even when its scan was the earlier one', async () => {
    const setup = await scannerSetup(t, { tipo: { maxDrinks: 1 } });
    expectScan(await setup.scanner.consume(upload(setup, NOW - 10 * MINUTE)), { conflicto: false });
    expectScan(await setup.scanner.consume(upload(setup, NOW - 40 * MINUTE)), {
      success: true,
      conflicto: true,
      reason: 'agotado',
    });
    expect(await consumoRows(t.db, setup.ticket.id)).toHaveLength(2);
  });
});

describe('an offline drink judged with every drink the server knows', () => {
  it('served offline at 10:00, online at 10:05, uploaded at 10:10: agotado', async () => {
    const setup = await scannerSetup(t, { tipo: { maxDrinks: 1 } });
    const offlineScan = upload(setup, NOW);
    t.clock.set(NOW + 5 * MINUTE);
    expectScan(await setup.scanner.consume({ qrCode: setup.ticket.qrCode, scanId: newScanId() }), {
      success: true,
    });
    t.clock.set(NOW + 10 * MINUTE);

    const res = await setup.scanner.consume(offlineScan);

    expectScan(res, { success: true, conflicto: true, reason: 'agotado' });
    // The online answer carries no conflict flag; the offline one always does.
    const online = await setup.scanner.consume({ qrCode: setup.ticket.qrCode, scanId: newScanId() });
    expect(online.json()).not.toHaveProperty('conflicto');
    expect(online.json()).toMatchObject({ success: false, reason: 'agotado' });
  });

  it('counts an interval against the drinks on both sides of its scan time', async () => {
    const setup = await scannerSetup(t, {
      tipo: {
        modo: 'intervalos_controlados',
        maxDrinks: null,
        durationMinutes: 360,
        drinkIntervalMinutes: 30,
      },
    });
    // Online drink at 22:00 Madrid.
    expectScan(await setup.scanner.consume({ qrCode: setup.ticket.qrCode, scanId: newScanId() }), {
      success: true,
    });
    t.clock.set(NOW + HOUR);

    // 21:45: less than 30 minutes before the online drink.
    expectScan(await setup.scanner.consume(upload(setup, NOW - 15 * MINUTE)), {
      conflicto: true,
      reason: 'intervalo',
      message: `${offlineUploadMessages.conflict}: Se sirvió otra bebida a las 22:00, antes del intervalo`,
    });
    // 21:00: an hour before every other drink, but 45 min before the 21:45 one: fine.
    expectScan(await setup.scanner.consume(upload(setup, NOW - HOUR)), { conflicto: false, reason: 'ok' });
    // 22:40: 40 minutes after the online drink, more than 30 after every other.
    expectScan(await setup.scanner.consume(upload(setup, NOW + 40 * MINUTE)), { conflicto: false });
    // 22:50: 10 minutes after the 22:40 one.
    expectScan(await setup.scanner.consume(upload(setup, NOW + 50 * MINUTE)), {
      conflicto: true,
      reason: 'intervalo',
    });
    expect(await consumoRows(t.db, setup.ticket.id)).toHaveLength(5);
  });

  it('judges the validity window at the scan time, not at upload', async () => {
    const setup = await scannerSetup(t, {
      tipo: { modo: 'temporal', maxDrinks: null, durationMinutes: 60, validoHasta: iso(NOW + 30 * MINUTE) },
    });
    t.clock.set(NOW + 2 * HOUR);

    expectScan(await setup.scanner.consume(upload(setup, NOW + 20 * MINUTE)), { conflicto: false });
    expectScan(await setup.scanner.consume(upload(setup, NOW + 40 * MINUTE)), {
      conflicto: true,
      reason: 'caducado',
    });
  });

  it('flags a drink the ticket does not include (tipo_bebida) and an invalidated ticket (invalidado)', async () => {
    const setup = await scannerSetup(t, { tipo: { drinkType: 'cerveza' } });
    expectScan(await setup.scanner.consume(upload(setup, NOW - MINUTE, { tipoBebida: 'copa' })), {
      success: true,
      conflicto: true,
      reason: 'tipo_bebida',
      canConsume: true,
    });
    await t.db.update(tickets).set({ estado: 'invalidado' }).where(eq(tickets.id, setup.ticket.id));
    expectScan(await setup.scanner.consume(upload(setup, NOW - 2 * MINUTE, { tipoBebida: 'cerveza' })), {
      success: true,
      conflicto: true,
      reason: 'invalidado',
    });
    const drinks = await consumoRows(t.db, setup.ticket.id);
    expect(drinks.map((row) => row.conflicto)).toEqual(['tipo_bebida', 'invalidado']);
  });
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
