import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client';
import { signIn } from '../support/accounts';
import { createEvent } from '../support/events';
import { withAdminClient } from '../support/postgres-admin';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { HOUR } from '../support/time';
import { createOrder } from '../support/orders';
import { startServer } from './server-process';
import { copyOfTemplate, type CopiedDatabase, stopServers } from './shared-database';

// docs/rules/operations.md and issue 18: a lost database connection never ends a server process. Two real
// server processes serve a burst of consumes while every connection of their database is
// terminated (as a managed PostgreSQL's failover does), twice. Clients retry a 503 or a network
// error with the same scanId, as the scanner page does, until the scan is acknowledged.

type Started = Awaited<ReturnType<typeof startServer>>;

const SCANS = 1200;
const CONCURRENCY = 16;
const TICKETS = 40;
/** Terminations happen once this share of the scans is acknowledged. */
const TERMINATE_AT = [0.25, 0.6];

let database: CopiedDatabase | undefined;
let t: TestApp;
let servers: Started[] = [];

beforeAll(async () => {
  database = await copyOfTemplate('chaos');
  t = await createTestApp({ database: await openPostgres(database.databaseUrl, 2) });
  servers = await Promise.all([
    startServer({ DATABASE_URL: database.databaseUrl, SCANNER_RATE_LIMIT: '0' }),
    startServer({ DATABASE_URL: database.databaseUrl, SCANNER_RATE_LIMIT: '0' }),
  ]);
}, 90_000);

afterAll(async () => {
  await stopServers(servers);
  await t?.close();
  await t?.database.close();
  await database?.drop();
}, 90_000);

/** Terminates every connection to the test's database; returns how many there were. */
async function terminateEveryConnection(): Promise<number> {
  return withAdminClient(database!.adminUrl, async (admin) => {
    const { rows } = await admin.query<{ terminated: boolean }>(
      `SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
        WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [database!.databaseName],
    );
    return rows.filter((row) => row.terminated).length;
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two server processes on PostgreSQL while every database connection is terminated', () => {
  it('keep serving: 503s only, every acknowledged scan stored exactly once', async () => {
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
    const qrCodes: string[] = [];
    for (let i = 0; i < TICKETS / 10; i++) {
      const pedido = await createOrder(t, owner, { evento, tipo }, { quantity: 10 });
      qrCodes.push(...pedido.tickets.map((ticket) => ticket.qrCode));
    }

    const figures = {
      scansSent: 0,
      acknowledged: 0,
      requests: 0,
      status503: 0,
      networkErrors: 0,
      terminations: 0,
      connectionsTerminated: 0,
      durationMs: 0,
    };
    const unexpected: { status: number; body: string }[] = [];
    const badUnavailableBodies: unknown[] = [];
    const acknowledged = new Set<string>();
    const deadline = Date.now() + 80_000;

    async function scanUntilAcknowledged(i: number) {
      const scanId = randomUUID();
      const body = JSON.stringify({
        qrCode: qrCodes[i % qrCodes.length],
        scanId,
        deviceId: `caos-${i % 16}`,
      });
      figures.scansSent++;
      for (let attempt = 0; ; attempt++) {
        if (Date.now() > deadline)
          throw new Error(`scan ${i} never acknowledged: ${JSON.stringify(figures)}`);
        // A retry goes to the other process, as a load balancer may send it.
        const server = servers[(i + attempt) % 2]!;
        figures.requests++;
        let response: Response;
        try {
          response = await fetch(`${server.base}/api/scanner/${evento.apiKey}/consume`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          });
        } catch {
          if (server.child.exitCode !== null || server.child.signalCode !== null) {
            throw new Error(`a server process ended: ${server.output()}`);
          }
          figures.networkErrors++;
          await sleep(50);
          continue;
        }
        const text = await response.text();
        if (response.status === 200) {
          const answer = JSON.parse(text) as { success: boolean; scanId?: string };
          if (!answer.success || answer.scanId !== scanId) unexpected.push({ status: 200, body: text });
          acknowledged.add(scanId);
          figures.acknowledged++;
          return;
        }
        if (response.status === 503) {
          figures.status503++;
          const parsed: unknown = JSON.parse(text);
          if (
            JSON.stringify(parsed) !==
            JSON.stringify({
              message: 'Servicio no disponible temporalmente. Inténtalo de nuevo.',
              error: 'db_unavailable',
            })
          ) {
            badUnavailableBodies.push(parsed);
          }
        } else unexpected.push({ status: response.status, body: text });
        await sleep(50);
      }
    }

    let nextScan = 0;
    const started = Date.now();
    const clients = Array.from({ length: CONCURRENCY }, async () => {
      while (nextScan < SCANS) await scanUntilAcknowledged(nextScan++);
    });
    const chaos = (async () => {
      for (const share of TERMINATE_AT) {
        while (acknowledged.size < SCANS * share) {
          if (Date.now() > deadline) return;
          await sleep(10);
        }
        figures.connectionsTerminated += await terminateEveryConnection();
        figures.terminations++;
      }
    })();
    await Promise.all([...clients, chaos]);
    figures.durationMs = Date.now() - started;
    // eslint-disable-next-line no-console -- the figures the lead records in bench/RESULTS.md
    console.log(`chaos figures: ${JSON.stringify(figures)}`);

    for (const server of servers) {
      expect(server.child.exitCode, server.output()).toBeNull();
      expect(server.child.signalCode, server.output()).toBeNull();
      const health = await fetch(`${server.base}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
    }
    expect(figures.terminations).toBe(2);
    // Each termination found the two processes' pools at work (and the test's own connections).
    expect(figures.connectionsTerminated).toBeGreaterThanOrEqual(4);
    expect(unexpected).toEqual([]);
    expect(badUnavailableBodies).toEqual([]);
    expect(acknowledged.size).toBe(SCANS);

    const stored = await withAdminClient(database!.databaseUrl, async (client) => {
      const counts = await client.query<{ consumos: number; scans: number; distinct_scans: number }>(
        `SELECT (SELECT count(*)::int FROM consumos WHERE evento_id = $1) AS consumos,
                count(*)::int AS scans, count(DISTINCT scan_id)::int AS distinct_scans
           FROM scan_log WHERE evento_id = $1 AND scan_id IS NOT NULL`,
        [evento.id],
      );
      const ids = await client.query<{ scan_id: string }>(
        'SELECT scan_id FROM scan_log WHERE evento_id = $1 AND scan_id IS NOT NULL',
        [evento.id],
      );
      return { counts: counts.rows[0], ids: new Set(ids.rows.map((row) => row.scan_id)) };
    });
    expect(stored.counts).toEqual({ consumos: SCANS, scans: SCANS, distinct_scans: SCANS });
    expect(stored.ids).toEqual(acknowledged);
  }, 150_000);
});
