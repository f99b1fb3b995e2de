import type { ScanResult } from '@drinkflow/domain/scanner';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tally } from '../support/api';
import { consumoRows, scanLogRows } from '../support/scan-rows';
import { expectScan, newScanId, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';

// docs/rules/scanner.md: the check and the insert are atomic — simultaneous scans of one ticket never
// exceed its limit (here through one server; scanner-two-processes.postgres.test.ts through two).

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.reset();
});

const results = (responses: { json: <T>() => T }[]) => responses.map((res) => res.json<ScanResult>());

describe('simultaneous scans of one ticket', () => {
  it('serves exactly 4 of 50 simultaneous consumes of a por_cantidad ticket with maxDrinks 4', async () => {
    const { scanner, ticket, evento } = await scannerSetup(t, {
      tipo: { modo: 'por_cantidad', maxDrinks: 4 },
    });

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        scanner.consume({ qrCode: ticket.qrCode, barra: `Barra ${i % 3}` }),
      ),
    );

    expect(tally(responses)).toEqual({ 200: 50 });
    const bodies = results(responses);
    const served = bodies.filter((body) => body.success);
    expect(served).toHaveLength(4);
    expect(served.map((body) => body.remainingDrinks).sort()).toEqual([0, 1, 2, 3]);
    expect(bodies.filter((body) => !body.success).every((body) => body.reason === 'agotado')).toBe(true);
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(4);
    const log = await scanLogRows(t.db, evento.id);
    expect(log).toHaveLength(50);
    expect(log.filter((row) => row.allowed)).toHaveLength(4);
  });

  it('serves exactly one of 20 simultaneous consumes of an intervalos_controlados ticket', async () => {
    const { scanner, ticket } = await scannerSetup(t, {
      tipo: {
        modo: 'intervalos_controlados',
        maxDrinks: null,
        durationMinutes: 240,
        drinkIntervalMinutes: 30,
      },
    });

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => scanner.consume({ qrCode: ticket.qrCode })),
    );

    expect(tally(responses)).toEqual({ 200: 20 });
    const bodies = results(responses);
    expect(bodies.filter((body) => body.success)).toHaveLength(1);
    expect(bodies.filter((body) => body.reason === 'intervalo')).toHaveLength(19);
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(1);
  });

  it('keeps the limit when scans of two tickets of the same order interleave', async () => {
    const { scanner, tickets } = await scannerSetup(t, { quantity: 2, tipo: { maxDrinks: 3 } });

    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => scanner.consume({ qrCode: tickets[i % 2]!.qrCode })),
    );

    expect(results(responses).filter((body) => body.success)).toHaveLength(6);
    expect(await consumoRows(t.db, tickets[0]!.id)).toHaveLength(3);
    expect(await consumoRows(t.db, tickets[1]!.id)).toHaveLength(3);
  });

  it('undoes a drink once when the same undo arrives ten times at once', async () => {
    const { scanner, ticket, evento } = await scannerSetup(t);
    const scan = { qrCode: ticket.qrCode, scanId: newScanId(), deviceId: 'movil-1' };
    expectScan(await scanner.consume(scan), { success: true });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true });

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => scanner.undo({ scanId: scan.scanId, deviceId: scan.deviceId })),
    );

    expect(tally(responses)).toEqual({ 200: 1, 409: 9 });
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(1);
    const undos = (await scanLogRows(t.db, evento.id)).filter((row) => row.accion === 'deshacer');
    expect(undos).toHaveLength(1);
  });
});
