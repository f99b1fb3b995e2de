import { offlineUploadMessages, type ScanResult } from '@drinkflow/domain/scanner';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tickets } from '../../src/db/schema';
import { consumoRows, scanLogRows } from '../support/scan-rows';
import { decisionOf, expectScan, newScanId, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { HOUR, MINUTE } from '../support/time';
import { download, iso, NOW, statsOf, upload } from './offline-uploads';

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

    const stats = await statsOf(t, setup);
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
    const [scanHeader, ...scans] = await download(t, setup, 'escaneos');
    expect(scanHeader).toEqual([
      'Fecha',
      'Ticket',
      'Resultado',
      'Motivo',
      'Bebida',
      'Barra',
      'Dispositivo',
      'Persona',
      'Titular',
      'Offline',
    ]);
    expect(scans.map((row) => row.slice(8))).toEqual([
      ['Lucía Fernández', 'Sí'],
      ['Lucía Fernández', 'Sí'],
    ]);
    // Who scanned (Dispositivo, Persona) is the device suites' business (docs/decisions/061).
    expect(scans.map((row) => row.slice(0, 6))).toEqual([
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
    const [drinkHeader, ...drinkRows] = await download(t, setup, 'consumos');
    expect(drinkHeader).toEqual([
      'Fecha',
      'Ticket',
      'Titular',
      'Tipo de ticket',
      'Bebida',
      'Barra',
      'Offline',
      'Dispositivo',
      'Persona',
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
