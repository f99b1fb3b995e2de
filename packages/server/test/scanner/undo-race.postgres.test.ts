import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tally } from '../support/api';
import { consumoRows, scanLogRows } from '../support/scan-rows';
import { newScanId, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';

// Issue 18 part 5: an undo took the scan row, then (deleting the drink) the event's counters, then
// (its log row's reference) the ticket, while a consume takes the ticket, then the counters: an
// undo and a consume of one ticket at one bar could deadlock (40P01, answered 500). The undo now
// locks the ticket first. PostgreSQL only: PGlite runs one transaction at a time.

const ROUNDS = 15;
const PAIRS = 6;

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp({ scannerRateLimit: 0 });
});
afterAll(() => t.close());

describe('undos racing consumes of the same ticket', () => {
  it('never deadlock: every undo and every consume answers 200, and the drinks add up', async () => {
    t.clock.reset();
    const { scanner, ticket, evento } = await scannerSetup(t, {
      tipo: { modo: 'temporal', maxDrinks: null, durationMinutes: 360 },
    });
    const device = 'barra-norte-1';
    const drink = (scanId: string) =>
      scanner.consume({
        qrCode: ticket.qrCode,
        scanId,
        deviceId: device,
        barra: 'Barra Norte',
        tipoBebida: 'copa',
      });

    let undone = 0;
    let served = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const earlier = Array.from({ length: PAIRS }, newScanId);
      for (const scanId of earlier) expect((await drink(scanId)).statusCode).toBe(200);
      served += PAIRS;

      // Each undo against a new drink of the same ticket, at the same bar, all at once.
      const responses = await Promise.all(
        earlier.flatMap((scanId) => [scanner.undo({ scanId, deviceId: device }), drink(newScanId())]),
      );
      const failures = responses.filter((res) => res.statusCode !== 200).map((res) => res.body);
      expect(failures, 'no 500 (deadlock 40P01) among undos and consumes').toEqual([]);
      expect(tally(responses)).toEqual({ 200: 2 * PAIRS });
      undone += PAIRS;
      served += PAIRS;
    }

    expect(await consumoRows(t.db, ticket.id)).toHaveLength(served - undone);
    const log = await scanLogRows(t.db, evento.id);
    expect(log.filter((row) => row.accion === 'deshacer')).toHaveLength(undone);
  }, 120_000);
});
