import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { signIn } from '../support/accounts';
import { openTestDatabase } from '../support/database';
import { createEvent } from '../support/events';
import { createTicketType } from '../support/ticket-types';
import { HOUR } from '../support/time';
import { uniqueAddress } from '../support/unique-values';
import { createOrder } from '../support/orders';
import { buildRequest, casePlan, type World } from './malformed-requests';

// docs/rules/api-conventions.md, docs/rules/operations.md, by property: every /api route of the route table, sent malformed and
// extreme input — wrong types, NUL, lone surrogates, huge strings and numbers, ids past the
// database's integer range, impossible dates, deep nesting, wrong content types, overlong path
// parameters — by an organizer with real data of their own (so real ids get past the 404), an
// admin, anonymously, and to the scanner with a real API key. Never a 5xx; every error in the API error
// shape with a Spanish message; and a request refused with 4xx writes nothing.

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 1500);

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
const routes: { method: string; url: string }[] = [];

let world: World;

async function buildWorld(): Promise<World> {
  const t = { app, db: database.db, database, close: async () => undefined };
  const organizer = await signIn(database.db, 'organizer', 'Dueña');
  const admin = await signIn(database.db, 'admin', 'Admin');
  const now = Date.now();
  const evento = await createEvent(t, organizer, {
    fechaInicio: new Date(now - HOUR).toISOString(),
    fechaFin: new Date(now + 5 * HOUR).toISOString(),
  });
  const tipo = await createTicketType(t, organizer, evento);
  const pedido = await createOrder(t, organizer, { evento, tipo }, { quantity: 1 });
  const ticket = pedido.tickets[0]!;
  return {
    organizer,
    admin,
    eventoId: evento.id,
    tipoId: tipo.id,
    pedidoId: pedido.id,
    ticketId: ticket.id,
    apiKey: evento.apiKey,
    qrCode: ticket.qrCode,
  };
}

let tables: string[] = [];
async function rowCounts(): Promise<Record<string, number>> {
  const columns = tables.map((name) => `(select count(*)::int from "${name}") as "${name}"`).join(', ');
  const result = await database.db.execute(sql.raw(`select ${columns}`));
  return (result as unknown as { rows: Record<string, number>[] }).rows[0]!;
}

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    db: database.db,
    scannerRateLimit: 0,
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (route.url.startsWith('/api/') && method !== 'HEAD') routes.push({ method, url: route.url });
      }
    },
  });
  await app.ready();
  const result = await database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  tables = (result as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
  world = await buildWorld();
}, 120_000);
afterAll(async () => {
  await app.close();
  await database.close();
});

// ---------------------------------------------------------------------------------------------
// What must hold

const ENGLISH =
  /invalid input|expected|received|must (be|have|match)|required|unrecognized|too (big|small)|not found|bad request|unsupported|exceeding|internal server/i;
/**
 * Tables that count attempts by design even when the answer refuses them: failed logins and wrong
 * current passwords (throttle), scanner rate windows, the scan audit log (every scan attempt is kept), and each
 * bar's last scan, which the log's trigger keeps (an event's first logged scan, an unknown code
 * refused, adds its row); and a link device's row, made the first time an event admits its id,
 * whatever that call then answers (docs/decisions/062).
 */
const COUNTING_TABLES = new Set([
  'throttle_attempts',
  'rate_counters',
  'scan_log',
  'bar_last_scans',
  'dispositivos',
]);

function checkAnswer(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode < 400) return;
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as { message?: unknown; error?: unknown; details?: unknown };
  expect(typeof body.message === 'string' && body.message.length > 0, `${label}: ${res.body}`).toBe(true);
  expect(typeof body.error === 'string' && body.error.length > 0, `${label}: ${res.body}`).toBe(true);
  expect(
    Object.keys(body).every((key) => ['message', 'error', 'details'].includes(key)),
    label,
  ).toBe(true);
  const messages = [body.message as string];
  if (body.details !== undefined) {
    expect(Array.isArray(body.details), label).toBe(true);
    for (const detail of body.details as { field?: unknown; message?: unknown }[]) {
      expect(typeof detail.field, `${label}: ${res.body}`).toBe('string');
      expect(typeof detail.message, `${label}: ${res.body}`).toBe('string');
      messages.push(detail.message as string);
    }
  }
  for (const message of messages) expect(message, `${label}: ${res.body}`).not.toMatch(ENGLISH);
  expect(res.body, label).not.toMatch(/\n\s+at |node_modules|FST_ERR/);
}

/**
 * The answer, or a failure that names the request when none comes within ANSWER_MS: a request the
 * server never answers must fail here with its case, not hang the run until the test's timeout.
 */
const ANSWER_MS = 30_000;
async function answeredWithin<T>(label: string, answer: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: no answer within ${ANSWER_MS} ms`)), ANSWER_MS);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Requests whose success changes the world the next cases rely on (sessions, keys, the event). */
const disturbs = (method: string, url: string) =>
  method === 'DELETE' || /logout|password|api-key|regenerate|admin\/users|invalidate|profile/.test(url);

describe('the whole API under malformed and extreme input', () => {
  it('never answers 5xx, always answers errors in the Spanish API error shape, and writes nothing when it refuses', async () => {
    expect(routes.length).toBeGreaterThan(40);
    const statuses: Record<number, number> = {};
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(casePlan, async (plan) => {
        cases++;
        const request = buildRequest(plan, world, routes);
        const label = `${request.method} ${request.route.url} as ${plan.caller} (${request.url.slice(0, 200)})`;
        const before = await rowCounts();
        const res = await answeredWithin(
          label,
          app.inject({
            method: request.method,
            url: request.url,
            headers: request.headers,
            remoteAddress: uniqueAddress(),
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          }),
        );
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        checkAnswer(res, label);
        if (res.statusCode >= 400) {
          const after = await rowCounts();
          for (const table of tables) {
            if (COUNTING_TABLES.has(table)) continue;
            expect(after[table], `${label} → ${res.statusCode} wrote to ${table}`).toBe(before[table]);
          }
        } else if (disturbs(request.method, request.route.url)) {
          world = await buildWorld();
        }
      }),
      {
        numRuns: NUM_RUNS,
        seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
        // Report the failing case and its seed at once: a shrink run after a request that hung
        // would wait on the same stuck database until the test's timeout.
        endOnFailure: true,
      },
    );
    // The cases reached the handlers with real data, not only the validators.
    expect(statuses[200] ?? 0, JSON.stringify(statuses)).toBeGreaterThan(0);
    expect(statuses[400] ?? 0, JSON.stringify(statuses)).toBeGreaterThan(0);
    // eslint-disable-next-line no-console -- the figures the lead records in bench/RESULTS.md
    console.log(
      `fuzz: ${cases} cases over ${routes.length} routes; answers by status: ${JSON.stringify(statuses)}`,
    );
  }, 600_000);
});
