import type { ScanResult } from '@drinkflow/domain/scanner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tally } from '../support/api';
import { consumoRows, scanLogRows } from '../support/scan-rows';
import { decisionOf, newScanId, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { MINUTE } from '../support/time';

// docs/rules/offline-and-field.md (docs/decisions/036): offline uploads take the consume path's lock (the ticket row
// first), so uploads and online scans of one ticket, arriving together through a pool of
// connections, are judged one after another, each with every drink committed before it.
// PostgreSQL only: PGlite runs one transaction at a time.

const ROUNDS = 4;
const MAX_DRINKS = 3;
const UPLOADS = 8;
const ONLINE = 8;

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp({ scannerRateLimit: 0 });
});
afterAll(() => t.close());

describe('offline uploads racing online consumes of one ticket', () => {
  it('store every offline drink once, never let an online drink past the limit, and never deadlock', async () => {
    t.clock.reset();
    const now = t.clock.now().getTime();
    const { scanner, tickets, evento } = await scannerSetup(t, {
      tipo: { maxDrinks: MAX_DRINKS },
      quantity: ROUNDS,
    });

    for (const ticket of tickets) {
      const uploads = Array.from({ length: UPLOADS }, (_, index) => ({
        qrCode: ticket.qrCode,
        scanId: newScanId(),
        deviceId: `movil-${index}`,
        barra: `Barra ${index % 3}`,
        offline: true,
        escaneadoEn: new Date(now - (index + 1) * MINUTE).toISOString(),
      }));
      const online = Array.from({ length: ONLINE }, (_, index) => ({
        qrCode: ticket.qrCode,
        scanId: newScanId(),
        deviceId: `caja-${index}`,
        barra: 'Barra online',
      }));
      // Interleaved, all at once.
      const bodies = uploads.flatMap((upload, index) => [upload, online[index]!]);
      const responses = await Promise.all(bodies.map((body) => scanner.consume(body)));

      const failures = responses.filter((res) => res.statusCode !== 200).map((res) => res.body);
      expect(failures, 'no 500 (deadlock 40P01) among uploads and consumes').toEqual([]);
      expect(tally(responses)).toEqual({ 200: UPLOADS + ONLINE });

      const answers = new Map(
        responses.map((res, index) => [bodies[index]!.scanId, res.json<ScanResult>()] as const),
      );
      for (const upload of uploads) expect(answers.get(upload.scanId)).toMatchObject({ success: true });

      // Every drink of the ticket, in the order they were committed (ids are taken under the lock).
      const drinks = await consumoRows(t.db, ticket.id);
      const offlineDrinks = drinks.filter((drink) => drink.offline);
      expect(offlineDrinks).toHaveLength(UPLOADS);
      // Each upload's drink exactly once: its log row points at it.
      const log = (await scanLogRows(t.db, evento.id)).filter((row) => row.ticketId === ticket.id);
      for (const upload of uploads) {
        const rows = log.filter((row) => row.scanId === upload.scanId);
        expect(rows).toHaveLength(1);
        expect(drinks.filter((drink) => drink.id === rows[0]!.consumoId)).toHaveLength(1);
      }
      drinks.forEach((drink, position) => {
        // Committed within the limit: an online drink, or a clean offline one. Beyond: only offline
        // conflicts, flagged agotado.
        if (position < MAX_DRINKS) expect(drink.conflicto).toBeNull();
        else expect(drink).toMatchObject({ offline: true, conflicto: 'agotado' });
      });
      // The online answers agree with what was stored.
      const onlineServed = online.filter((body) => answers.get(body.scanId)!.success).length;
      expect(drinks.filter((drink) => !drink.offline)).toHaveLength(onlineServed);
      for (const body of online) {
        const answer = answers.get(body.scanId)!;
        if (!answer.success) expect(answer.reason).toBe('agotado');
      }
      // Each offline answer's conflict matches its stored drink.
      for (const upload of uploads) {
        const row = log.find((entry) => entry.scanId === upload.scanId)!;
        const drink = drinks.find((entry) => entry.id === row.consumoId)!;
        expect(answers.get(upload.scanId)!.conflicto).toBe(drink.conflicto !== null);
      }
    }
  }, 120_000);

  it('stores one drink for parallel replays of one offline scanId, and answers them all alike', async () => {
    t.clock.reset();
    const { scanner, ticket } = await scannerSetup(t, { tipo: { maxDrinks: 1 } });
    const upload = {
      qrCode: ticket.qrCode,
      scanId: newScanId(),
      deviceId: 'movil-a',
      offline: true,
      escaneadoEn: new Date(t.clock.now().getTime() - 5 * MINUTE).toISOString(),
    };

    const responses = await Promise.all(Array.from({ length: 12 }, () => scanner.consume(upload)));

    expect(tally(responses)).toEqual({ 200: 12 });
    const first = decisionOf(responses[0]!);
    expect(first).toMatchObject({ success: true, conflicto: false });
    for (const res of responses) expect(decisionOf(res)).toEqual(first);
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(1);
  }, 60_000);
});
