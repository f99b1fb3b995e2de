import type { ScanResult } from '@drinkflow/domain/scanner';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../src/db/client';
import { type Account, signIn } from '../support/accounts';
import { createEvent } from '../support/events';
import { quoteIdent, withAdminClient, withDatabase } from '../support/postgres-admin';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { awayFromMinuteBoundary, HOUR } from '../support/time';
import { createOrder } from '../support/orders';
import { consumoRows } from '../support/scan-rows';
import '../support/provided-context';
import { exitOf, killAll, startServer } from './server-process';

// docs/rules/scanner.md, docs/rules/operations.md: several server processes share one PostgreSQL; the scanner's check-and-
// insert and its rate limit hold across them, not just inside one process.

type Started = Awaited<ReturnType<typeof startServer>>;

let databaseName: string;
let adminUrl: string;
let t: TestApp;
let owner: Account;
let servers: Started[] = [];

beforeAll(async () => {
  const { url, template, prefix } = inject('postgresTemplate')!;
  adminUrl = url;
  databaseName = `${prefix}scanner_${Date.now()}`;
  // A copy of the run's migrated template: the servers find the schema in place.
  await withAdminClient(url, (admin) =>
    admin.query(`CREATE DATABASE ${quoteIdent(databaseName)} TEMPLATE ${quoteIdent(template)}`),
  );
  const databaseUrl = withDatabase(url, databaseName);
  // An in-process app on the same database creates the data through the organizer API.
  t = await createTestApp({ database: await openPostgres(databaseUrl, 2) });
  owner = await signIn(t.db, 'organizer', 'Dueña');
  servers = await Promise.all([
    startServer({ DATABASE_URL: databaseUrl }),
    startServer({ DATABASE_URL: databaseUrl }),
  ]);
}, 90_000);

afterAll(async () => {
  await Promise.all(
    servers.map(async (server) => {
      server.child.kill('SIGTERM');
      await exitOf(server.child);
    }),
  );
  killAll();
  await t?.close();
  await t?.database.close();
  if (databaseName) {
    await withAdminClient(adminUrl, (admin) =>
      admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(databaseName)} WITH (FORCE)`),
    );
  }
}, 60_000);

/** An event happening now with one ticket of the given type; returns its API key and ticket. */
async function ticketOf(tipo: Record<string, unknown>) {
  const evento = await createEvent(t, owner, {
    fechaInicio: new Date(Date.now() - HOUR).toISOString(),
    fechaFin: new Date(Date.now() + 5 * HOUR).toISOString(),
  });
  const tipoTicket = await createTicketType(t, owner, evento, tipo);
  const pedido = await createOrder(t, owner, { evento, tipo: tipoTicket });
  return { apiKey: evento.apiKey, ticket: pedido.tickets[0]! };
}

function consume(base: string, apiKey: string, qrCode: string) {
  return fetch(`${base}/api/scanner/${apiKey}/consume`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ qrCode }),
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as ScanResult }));
}

/** `n` simultaneous consumes of one ticket, alternating between the two servers. */
function burst(n: number, apiKey: string, qrCode: string) {
  return Promise.all(Array.from({ length: n }, (_, i) => consume(servers[i % 2]!.base, apiKey, qrCode)));
}

describe('the scanner on two server processes sharing PostgreSQL', () => {
  it('serves exactly 4 of 50 simultaneous consumes of a maxDrinks 4 ticket split between the processes', async () => {
    const { apiKey, ticket } = await ticketOf({ modo: 'por_cantidad', maxDrinks: 4 });

    const answers = await burst(50, apiKey, ticket.qrCode);

    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const served = answers.filter((answer) => answer.body.success);
    expect(served).toHaveLength(4);
    expect(served.map((answer) => answer.body.remainingDrinks).sort()).toEqual([0, 1, 2, 3]);
    expect(answers.filter((answer) => answer.body.reason === 'agotado')).toHaveLength(46);
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(4);
  }, 60_000);

  it('serves exactly one of 20 simultaneous consumes of an interval ticket split between the processes', async () => {
    const { apiKey, ticket } = await ticketOf({
      modo: 'intervalos_controlados',
      maxDrinks: null,
      durationMinutes: 240,
      drinkIntervalMinutes: 30,
    });

    const answers = await burst(20, apiKey, ticket.qrCode);

    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => answer.body.success)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.reason === 'intervalo')).toHaveLength(19);
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(1);
  }, 60_000);

  it('shares SCANNER_RATE_LIMIT=10 between the processes: exactly 10 of 20 requests pass', async () => {
    const databaseUrl = withDatabase(adminUrl, databaseName);
    const limited = await Promise.all([
      startServer({ DATABASE_URL: databaseUrl, SCANNER_RATE_LIMIT: '10' }),
      startServer({ DATABASE_URL: databaseUrl, SCANNER_RATE_LIMIT: '10' }),
    ]);
    servers.push(...limited);
    const { apiKey } = await ticketOf({ modo: 'temporal', maxDrinks: null, durationMinutes: 120 });
    await awayFromMinuteBoundary();

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => fetch(`${limited[i % 2]!.base}/api/scanner/${apiKey}/event`)),
    );

    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    for (const response of responses.filter((one) => one.status === 429)) {
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await response.json()).toMatchObject({ error: 'rate_limited' });
    }
  }, 90_000);
});
