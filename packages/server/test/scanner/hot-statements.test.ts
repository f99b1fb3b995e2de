import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { driverOf } from '../../src/db/client';
import { eventOfKey, eventOfKeyWithTicket } from '../../src/modules/scanner/rate-limit';
import { scanStatements } from '../../src/modules/scanner/scan-statements';
import { createScannerApp, expectScan, newScanId, scannerSetup, type ScannerTestApp } from './fixtures';

/**
 * The bar's hot path, statement by statement (docs/decisions/043): every statement a scan runs is
 * one of the named, prepared statements below, and each names the event — by its id, or by its API
 * key for the one that finds the event — so the tables could be distributed by event (Citus) with
 * no scan crossing shards.
 */
const hotStatements = { ...scanStatements, eventOfKey, eventOfKeyWithTicket };

/** How each statement names the event. */
const namesTheEvent: Record<keyof typeof hotStatements, RegExp> = {
  readTicket: /p\.evento_id = \$2\b/,
  recordScan: /insert into consumos \(ticket_id, evento_id,[^)]*\)\s*select id, \$3,/,
  lockTicket: /p\.evento_id = \$2\b/,
  logLookupFailure: /insert into scan_log \(evento_id,[^)]*\)\s*values \(\$1,/,
  eventOfKey: /from eventos where api_key = \$1/,
  eventOfKeyWithTicket: /from eventos where api_key = \$1[\s\S]*p\.evento_id = \(select id from e\)/,
};

const normalized = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The rate counters' housekeeping: at most once a minute per process, off the request's path. */
const housekeeping = /^delete from "(rate_counters|throttle_attempts)" where /;

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp({ clock: 'database' });
});
afterAll(async () => {
  await t?.close();
});

/** The SQL texts the database driver receives while `work` runs. */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const driver = driverOf(t.db);
  const target = driver.kind === 'pglite' ? driver.client : driver.pool;
  const spy = vi.spyOn(target as { query: (...args: unknown[]) => unknown }, 'query');
  try {
    await work();
    return spy.mock.calls
      .map(([query]) => normalized(typeof query === 'string' ? query : (query as { text: string }).text))
      .filter((text) => !housekeeping.test(text));
  } finally {
    spy.mockRestore();
  }
}

describe('the hot statements of a scan', () => {
  it.each(Object.keys(hotStatements) as (keyof typeof hotStatements)[])('%s names the event', (name) => {
    const statement = hotStatements[name];
    expect(statement.name).toMatch(/^drinkflow_/);
    expect(statement.text).toMatch(namesTheEvent[name]);
  });

  it('have distinct names, so a connection never prepares two texts under one', () => {
    const names = Object.values(hotStatements).map((statement) => statement.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('are all that a consume, a refusal and a lookup send to the database', async () => {
    const { scanner, ticket } = await scannerSetup(t, { tipo: { modo: 'por_cantidad', maxDrinks: 1 } });
    const known = new Set(Object.values(hotStatements).map((statement) => normalized(statement.text)));

    const served = await statementsDuring(async () =>
      expectScan(await scanner.consume({ qrCode: ticket.qrCode, scanId: newScanId() }), { success: true }),
    );
    // Two round trips: the key's event with the ticket, then the record.
    expect(served).toEqual([
      normalized(eventOfKeyWithTicket.text),
      normalized(scanStatements.recordScan.text),
    ]);

    const refused = await statementsDuring(async () =>
      expectScan(await scanner.consume({ qrCode: ticket.qrCode, scanId: newScanId() }), {
        success: false,
        reason: 'agotado',
      }),
    );
    const looked = await statementsDuring(async () => {
      const res = await scanner.ticket(ticket.qrCode);
      expect(res.statusCode, res.body).toBe(200);
    });
    for (const text of [...refused, ...looked]) expect(known, text).toContain(text);
  });
});
