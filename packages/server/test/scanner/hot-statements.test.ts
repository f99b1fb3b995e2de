import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { driverOf } from '../../src/db/client';
import { eventOfKey } from '../../src/modules/scanner/admission/event-of-key';
import { eventOfKeyWithTicket } from '../../src/modules/scanner/ticket-read';
import { reportContact } from '../../src/modules/scanner/device-contact';
import { scanStatements } from '../../src/modules/scanner/scan-statements';
import { expectScan, newScanId, type ScannerClient, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { deviceClient, pairDevice, tokenHeaders } from './device-fixtures';

/**
 * The bar's hot path, statement by statement (docs/decisions/043): every statement a scan runs is
 * one of the named, prepared statements below, and each names the event — by its id, or by its API
 * key for the one that finds the event — so the tables could be distributed by event (Citus) with
 * no scan crossing shards.
 */
const hotStatements = { ...scanStatements, eventOfKey, eventOfKeyWithTicket, reportContact };

/** How each statement names the event. */
const namesTheEvent: Record<keyof typeof hotStatements, RegExp> = {
  readTicket: /t\.evento_id = \$2 and t\.qr_code = \$1\b/,
  recordScan: /insert into consumos \(ticket_id, evento_id,[^)]*\)\s*select id, \$3,/,
  recordKnownScan:
    /from eventos where id = \$3 and xmin = \$15::xid[\s\S]*insert into consumos \(ticket_id, evento_id,[^)]*\)\s*select id, \$3,/,
  lockTicket: /p\.evento_id = \$2\b/,
  logLookupFailure: /insert into scan_log \(evento_id,[^)]*\)\s*values \(\$1,/,
  eventOfKey: /from eventos where api_key = \$1/,
  eventOfKeyWithTicket:
    /from eventos where api_key = \$1[\s\S]*t\.evento_id = \(select id from e\) and t\.qr_code = \$4\b/,
  reportContact: /evento_id = \(select id from eventos where api_key = \$1\)/,
};

const normalized = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Off the request's path: the rate counters' housekeeping (at most once a minute per process) and
 * the live statistics' notice of earlier scans (a timer, 200 ms after them), which a slow machine
 * may send while a later scan runs.
 */
const housekeeping = /^(delete from "(rate_counters|throttle_attempts)" where |select pg_notify\()/;

let t: ScannerTestApp;
/** A process that remembers a single ticket (SCANNER_KNOWN_TICKETS=1), and one that remembers none. */
let one: ScannerTestApp;
let none: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp({ clock: 'database' });
  one = await createScannerApp({ clock: 'database', scannerKnownTickets: 1 });
  none = await createScannerApp({ clock: 'database', scannerKnownTickets: 0 });
});
afterAll(async () => {
  await Promise.all([t?.close(), one?.close(), none?.close()]);
});

/** The SQL texts the database driver receives while `work` runs. */
async function statementsDuring(work: () => Promise<unknown>, app: ScannerTestApp = t): Promise<string[]> {
  const driver = driverOf(app.db);
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

    // The same ticket again, known to this process: decided from memory, one round trip.
    const refused = await statementsDuring(async () =>
      expectScan(await scanner.consume({ qrCode: ticket.qrCode, scanId: newScanId() }), {
        success: false,
        reason: 'agotado',
      }),
    );
    expect(refused).toEqual([normalized(scanStatements.recordKnownScan.text)]);
    const looked = await statementsDuring(async () => {
      const res = await scanner.ticket(ticket.qrCode);
      expect(res.statusCode, res.body).toBe(200);
    });
    for (const text of [...refused, ...looked]) expect(known, text).toContain(text);
  });
});

describe('the tickets a process remembers (SCANNER_KNOWN_TICKETS, docs/decisions/048)', () => {
  const cold = [normalized(eventOfKeyWithTicket.text), normalized(scanStatements.recordScan.text)];
  const warm = [normalized(scanStatements.recordKnownScan.text)];

  /** The statements of one consume of `qrCode` through `app`. */
  const consumeStatements = (app: ScannerTestApp, scanner: ScannerClient, qrCode: string) =>
    statementsDuring(async () => {
      expectScan(await scanner.consume({ qrCode, scanId: newScanId() }));
    }, app);

  it('beyond the bound, forget the least recently scanned ticket first', async () => {
    const { scanner, tickets } = await scannerSetup(one, { quantity: 2 });
    const [a, b] = tickets.map((ticket) => ticket.qrCode) as [string, string];
    expect(await consumeStatements(one, scanner, a)).toEqual(cold);
    expect(await consumeStatements(one, scanner, a)).toEqual(warm);
    expect(await consumeStatements(one, scanner, b)).toEqual(cold);
    expect(await consumeStatements(one, scanner, a)).toEqual(cold);
  });

  it('a paired device (X-Device-Token) scans in the same round trips; its contact is written once per 15 s', async () => {
    const { evento, tickets } = await scannerSetup(t, { quantity: 2 });
    const device = await pairDevice(t.db, evento.id);
    const paired = deviceClient(t, evento.apiKey, tokenHeaders(device.token, { 'x-device-pending': '0' }));
    const [a, b] = tickets.map((ticket) => ticket.qrCode) as [string, string];
    const contact = normalized(reportContact.text);
    // The first call of the device in this process also writes its contact, after the scan.
    expect(await consumeStatements(t, paired, a)).toEqual([...cold, contact]);
    expect(await consumeStatements(t, paired, a)).toEqual(warm);
    expect(await consumeStatements(t, paired, b)).toEqual(cold);
  });

  it('with a bound of 0, every scan reads its ticket first', async () => {
    const { scanner, ticket } = await scannerSetup(none);
    for (let i = 0; i < 3; i++) expect(await consumeStatements(none, scanner, ticket.qrCode)).toEqual(cold);
  });
});
