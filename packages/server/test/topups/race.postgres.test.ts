import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recargas, tickets } from '../../src/db/schema';
import { call, tally } from '../support/api';
import { consumoRows } from '../support/scan-rows';
import { newScanId, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';

// Issue 22 part 4: a top-up locks the ticket row, stores the top-up and adds its drinks to
// `tickets.recargas_bebidas` in one transaction; a consume records a drink only under the same row
// lock, at the ticket version it decided on. Fired together, they must neither deadlock nor lose a
// top-up, nor let a drink through beyond the limit. PostgreSQL only: PGlite runs one transaction
// at a time.
//
// A consume decided before a top-up committed is refused at the old limit, so how many of the
// parallel consumes are served depends on the interleaving: the round asserts `served ≤ maxDrinks +
// recargas_bebidas`, then consumes one by one until refused — the total must be exactly maxDrinks +
// the top-ups (no top-up lost, none counted twice).

const ROUNDS = 5;
const CONSUMES = 20;
const TOP_UPS = 3;
const MAX_DRINKS = 2;

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp({ scannerRateLimit: 0 });
});
afterAll(() => t.close());

describe('top-ups racing consumes of the same ticket', () => {
  it('store every top-up, sum it, and never serve beyond the limit plus the top-ups', async () => {
    t.clock.reset();
    const {
      owner,
      scanner,
      tickets: issued,
    } = await scannerSetup(t, {
      tipo: { maxDrinks: MAX_DRINKS },
      quantity: ROUNDS,
    });

    for (const ticket of issued) {
      const consume = () =>
        scanner.consume({
          qrCode: ticket.qrCode,
          scanId: newScanId(),
          deviceId: 'barra-norte-1',
          barra: 'Barra Norte',
          tipoBebida: 'copa',
        });
      const topUp = () =>
        call(t, owner, 'POST', `/api/tickets/${ticket.id}/recargas`, { bebidas: 1, importe: 5 });

      // Top-ups interleaved among the consumes, all in flight at once.
      const requests: (() => ReturnType<typeof consume>)[] = Array.from({ length: CONSUMES }, () => consume);
      for (let i = 0; i < TOP_UPS; i++) requests.splice(3 + i * 6, 0, topUp);
      const responses = await Promise.all(requests.map((send) => send()));

      const faults = responses.filter((res) => res.statusCode >= 500).map((res) => res.body);
      expect(faults, 'no 500 (deadlock 40P01)').toEqual([]);
      expect(tally(responses)).toEqual({ 200: CONSUMES, 201: TOP_UPS });

      const stored = await t.db.select().from(recargas).where(eq(recargas.ticketId, ticket.id));
      expect(stored).toHaveLength(TOP_UPS);
      const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      expect(row!.recargasBebidas).toBe(TOP_UPS);

      const served = (await consumoRows(t.db, ticket.id)).length;
      expect(served).toBeGreaterThanOrEqual(MAX_DRINKS);
      expect(served).toBeLessThanOrEqual(MAX_DRINKS + row!.recargasBebidas);
      expect(row!.consumosUsados).toBe(served);
      const allowed = responses.filter((res) => res.statusCode === 200 && res.json().success === true);
      expect(allowed).toHaveLength(served);

      for (let more = served; ; more++) {
        const res = await consume();
        expect(res.statusCode, res.body).toBe(200);
        if (!res.json().success) {
          expect(res.json().reason).toBe('agotado');
          expect(more).toBe(MAX_DRINKS + TOP_UPS);
          break;
        }
      }
      expect(await consumoRows(t.db, ticket.id)).toHaveLength(MAX_DRINKS + TOP_UPS);
    }
  }, 120_000);
});
