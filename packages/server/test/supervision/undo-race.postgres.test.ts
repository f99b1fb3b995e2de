import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../src/db/schema';
import { call } from '../support/api';
import { consumoRows, scanLogRows } from '../support/scan-rows';
import { expectScan, newScanId, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { member } from '../devices/device-calls';

// A supervisor's undo racing the bar's own undo and another supervisor's, and consumes of the same
// ticket (docs/rules/devices.md): each drink is undone exactly once, the counters agree with the
// drinks left, and nothing deadlocks (the undo takes the ticket first, as a consume does).
// PostgreSQL only: PGlite runs one transaction at a time.

const ROUNDS = 6;

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp({ scannerRateLimit: 0, clock: 'database' });
});
afterAll(() => t.close());

describe('undoing one drink from several places at once', () => {
  it('undoes it once and never fails', async () => {
    const setup = await scannerSetup(t, { tipo: { maxDrinks: 50 } });
    const eventoId = setup.evento.id;
    const supervisors = [await member(t, eventoId, 'supervisor'), await member(t, eventoId, 'coorganizador')];
    const consume = (scanId: string) =>
      setup.scanner.consume({
        qrCode: setup.ticket.qrCode,
        scanId,
        deviceId: 'barra-norte-1',
        barra: 'Barra Norte',
      });
    for (let round = 0; round < ROUNDS; round++) {
      const scanId = newScanId();
      expectScan(await consume(scanId), { success: true });
      const consumoId = (await consumoRows(t.db, setup.ticket.id)).at(-1)!.id;
      const undoUrl = `/api/eventos/${eventoId}/consumos/${consumoId}/deshacer`;
      const responses = await Promise.all([
        call(t, supervisors[0]!, 'POST', undoUrl),
        consume(newScanId()),
        setup.scanner.undo({ scanId, deviceId: 'barra-norte-1' }),
        call(t, supervisors[1]!, 'POST', undoUrl),
        call(t, setup.owner, 'POST', undoUrl),
      ]);
      const undos = [responses[0]!, responses[2]!, responses[3]!, responses[4]!];
      expect(responses.filter((res) => res.statusCode >= 500).map((res) => res.body)).toEqual([]);
      expect(undos.filter((res) => res.statusCode === 200)).toHaveLength(1);
      for (const res of undos) expect([200, 404, 409]).toContain(res.statusCode);
      expect((await consumoRows(t.db, setup.ticket.id)).map((row) => row.id)).not.toContain(consumoId);
    }
    const drinks = await consumoRows(t.db, setup.ticket.id);
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, setup.ticket.id));
    expect(ticket!.consumosUsados).toBe(drinks.length);
    const log = await scanLogRows(t.db, eventoId);
    expect(log.filter((row) => row.accion === 'deshacer')).toHaveLength(ROUNDS);
    expect(drinks).toHaveLength(ROUNDS);
  });
});
