import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { driverOf, openPostgres, type Database } from '../../src/db/client';
import { signIn } from '../support/accounts';
import { createEvent } from '../support/events';
import { quoteIdent, withAdminClient, withDatabase } from '../support/postgres-admin';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { HOUR } from '../support/time';
import { createOrder } from '../support/orders';
import '../support/provided-context';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

// docs/rules/operations.md: an in-process app whose PostgreSQL sits behind a TCP proxy the test breaks: a
// connection cut in the middle of a consume's transaction, PostgreSQL "restarting" (connections
// cut, then refused for a while), a database that does not answer at all. The requests hit answer
// 503 with the database-unavailable body, nothing ends the process, and requests succeed again
// once it answers.

const unavailable = {
  message: 'Servicio no disponible temporalmente. Inténtalo de nuevo.',
  error: 'db_unavailable',
};
// A consume's first statement (the key's event with the ticket, docs/decisions/043), named in every
// message that runs it: the statement after it, the record, is the one held back.
const CONSUME_READ = 'drinkflow_scanner_event_of_key_with_ticket';
// The one statement of a consume of a ticket the process has read before (docs/decisions/048).
const CONSUME_KNOWN = 'drinkflow_scan_record_known';

let databaseName: string;
let adminUrl: string;
let proxy: TcpProxy;
let database: Database;
let t: TestApp;
let apiKey: string;
/** One ticket per test, never scanned before it: its first consume reads it (the two statements). */
let qrCodes: string[];
let qrCode: string;

beforeAll(async () => {
  const { url, template, prefix } = inject('postgresTemplate')!;
  adminUrl = url;
  databaseName = `${prefix}proxy_${Date.now()}`;
  await withAdminClient(url, (admin) =>
    admin.query(`CREATE DATABASE ${quoteIdent(databaseName)} TEMPLATE ${quoteIdent(template)}`),
  );
  const target = new URL(url);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  database = await openPostgres(proxy.urlFor(withDatabase(url, databaseName)), 4);
  t = await createTestApp({ database });

  const owner = await signIn(t.db, 'organizer', 'Dueña');
  const evento = await createEvent(t, owner, {
    fechaInicio: new Date(Date.now() - HOUR).toISOString(),
    fechaFin: new Date(Date.now() + 5 * HOUR).toISOString(),
  });
  const tipo = await createTicketType(t, owner, evento, {
    modo: 'temporal',
    maxDrinks: null,
    durationMinutes: 240,
  });
  const pedido = await createOrder(t, owner, { evento, tipo }, { quantity: 10 });
  apiKey = evento.apiKey;
  qrCodes = pedido.tickets.map((ticket) => ticket.qrCode);
  qrCode = qrCodes.shift()!;
  // One scan first: it runs the rate counters' once-a-minute housekeeping, which would otherwise
  // be the statement held after a test's first one instead of its record.
  expect((await consume(randomUUID())).statusCode).toBe(200);
}, 60_000);

// An error nobody handled would end a server process; here the test runner would only report it
// beside the test, so each test collects them and fails on its own.
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeEach(() => {
  qrCode = qrCodes.shift()!;
  uncaught.length = 0;
  process.on('uncaughtException', onUncaught);
});

afterEach(() => {
  process.off('uncaughtException', onUncaught);
  proxy.release();
  expect(uncaught.map((error) => String(error))).toEqual([]);
});

afterAll(async () => {
  await t?.close();
  await database?.close();
  await proxy?.close();
  if (databaseName) {
    await withAdminClient(adminUrl, (admin) =>
      admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(databaseName)} WITH (FORCE)`),
    );
  }
}, 60_000);

const consume = (scanId: string) =>
  t.app.inject({ method: 'POST', url: `/api/scanner/${apiKey}/consume`, payload: { qrCode, scanId } });
const health = () => t.app.inject({ method: 'GET', url: '/api/health' });

/** How many scan-log rows the scan left (read through PostgreSQL directly, not the proxy). */
async function storedScans(scanId: string): Promise<number> {
  return withAdminClient(withDatabase(adminUrl, databaseName), async (client) => {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM scan_log WHERE scan_id = $1',
      [scanId],
    );
    return rows[0]!.n;
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the pool has noticed that its connections are gone and dropped them all. */
async function poolEmptied() {
  const driver = driverOf(t.db);
  if (driver.kind !== 'postgres') throw new Error('needs PostgreSQL');
  while (driver.pool.totalCount > 0) await sleep(10);
}

/**
 * A consume whose statement `hold` keeps back while every connection is cut: answered 503 in the
 * API error shape (returned for more checks).
 */
async function consumeCutWhileHeld(scanId: string, hold: () => void) {
  hold();
  const inFlight = consume(scanId);
  await proxy.somethingHeld();
  proxy.cut();
  proxy.release();
  const hit = await inFlight;
  expect(hit.statusCode, hit.body).toBe(503);
  expect(hit.json()).toEqual(unavailable);
  return hit;
}

/** The same scanId sent again once the database is back: served, and stored exactly once. */
async function expectRetryStoredOnce(scanId: string) {
  const retried = await consume(scanId);
  expect(retried.statusCode, retried.body).toBe(200);
  expect(retried.json()).toMatchObject({ success: true, scanId });
  expect(await storedScans(scanId)).toBe(1);
}

describe('a lost PostgreSQL connection under an in-process app', () => {
  it('answers 503 to the consume whose record lost its connection, then records its retry once', async () => {
    const scanId = randomUUID();
    const hit = await consumeCutWhileHeld(scanId, () => proxy.holdAfter(CONSUME_READ));
    expect(hit.headers['retry-after']).toBe('1');
    await expectRetryStoredOnce(scanId);
  });

  it('answers 503 to a consume of a known ticket whose one statement lost its connection, then records its retry once', async () => {
    expect((await consume(randomUUID())).json()).toMatchObject({ success: true });
    const scanId = randomUUID();
    await consumeCutWhileHeld(scanId, () => proxy.holdFrom(CONSUME_KNOWN));
    expect(await storedScans(scanId)).toBe(0);
    await expectRetryStoredOnce(scanId);
  });

  it('survives PostgreSQL restarting: 503 while it refuses connections, success once it accepts them', async () => {
    const scanId = randomUUID();
    proxy.holdAfter(CONSUME_READ);
    const inFlight = consume(scanId);
    await proxy.somethingHeld();
    // The restart: every connection dropped in the middle of its work, new ones refused.
    await proxy.refuse();
    proxy.release();

    const hit = await inFlight;
    expect(hit.statusCode, hit.body).toBe(503);
    expect(hit.json()).toEqual(unavailable);
    const during: number[] = [];
    const until = Date.now() + 3000;
    while (Date.now() < until) {
      const [scan, check] = await Promise.all([consume(scanId), health()]);
      expect(scan.json()).toEqual(unavailable);
      expect(check.json()).toEqual({ status: 'error', db: 'error' });
      during.push(scan.statusCode, check.statusCode);
      await sleep(250);
    }
    expect(new Set(during)).toEqual(new Set([503]));
    expect(await storedScans(scanId)).toBe(0);

    await proxy.accept();
    const after = await consume(scanId);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toMatchObject({ success: true, scanId });
    expect((await health()).json()).toEqual({ status: 'ok', db: 'ok' });
    expect(await storedScans(scanId)).toBe(1);
  }, 30_000);

  it('answers 503 within the connect timeout when PostgreSQL does not answer at all, not never', async () => {
    const scanId = randomUUID();
    // Idle connections gone; every new one hangs in its handshake, as behind a dead network.
    proxy.hold();
    proxy.cut();
    await poolEmptied();
    const started = Date.now();

    const hit = await consume(scanId);

    expect(hit.statusCode, hit.body).toBe(503);
    expect(hit.json()).toEqual(unavailable);
    expect(Date.now() - started).toBeLessThan(8000);
    proxy.cut();
    proxy.release();
    expect((await consume(scanId)).statusCode).toBe(200);
  }, 30_000);

  it('reports the database as down within about 2 s when a query does not come back', async () => {
    expect((await health()).statusCode).toBe(200);
    proxy.hold();
    const started = Date.now();

    const check = await health();

    const elapsed = Date.now() - started;
    expect(check.statusCode).toBe(503);
    expect(check.json()).toEqual({ status: 'error', db: 'error' });
    expect(elapsed).toBeGreaterThanOrEqual(1900);
    expect(elapsed).toBeLessThan(3500);
    proxy.cut();
    proxy.release();
    expect((await health()).json()).toEqual({ status: 'ok', db: 'ok' });
  }, 30_000);
});
