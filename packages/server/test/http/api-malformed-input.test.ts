import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { type Account, signIn } from '../support/accounts';
import { openTestDatabase } from '../support/database';
import { createEvent } from '../support/events';
import { createTicketType } from '../support/ticket-types';
import { HOUR } from '../support/time';
import { uniqueAddress, uniqueEmail } from '../support/unique-values';
import { createOrder } from '../support/orders';

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

interface World {
  organizer: Account;
  admin: Account;
  eventoId: number;
  tipoId: number;
  pedidoId: number;
  ticketId: number;
  apiKey: string;
  qrCode: string;
}
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
// What is sent

const LONG_PARAM = 'x'.repeat(600);
/** Path segments as they go on the wire (already percent-encoded where needed). */
const hostileSegment = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%ED%A0%80', // a lone surrogate in UTF-8: no valid URL
    '%E0%A4%A',
    '2147483648',
    '2147483647',
    '99999999999999999999999',
    '-1',
    '0',
    '1.5',
    '1e3',
    'NaN',
    'abc',
    '%20',
    '%2F',
    '..',
    'x'.repeat(150),
    LONG_PARAM,
  ),
  fc.string({ maxLength: 30 }).map((text) => encodeURIComponent(text) || 'vacio'),
);

const impossibleDates = [
  '2026-02-30T20:00:00.000Z',
  '2026-11-31T20:00:00.000Z',
  '0000-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '2026-13-01T00:00:00Z',
  '2026-07-04T24:00:00Z',
  '2026-02-30',
  '+275760-09-13T00:00:00.000Z',
];

const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFF',
    '\uDFFF\uD800',
    '',
    ' ',
    '2147483648',
    '-1',
    '1e309',
    'NaN',
    '__proto__',
    'constructor',
    "'; drop table users; --",
    '%00',
    ...impossibleDates,
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 3000 }),
  fc.constant('€'.repeat(200_000)),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 2, 1e21),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const { hostileValue } = fc.letrec((tie) => ({
  hostileValue: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('hostileValue'), { maxLength: 3 }),
    fc.dictionary(
      fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('a\u0000', '\uD800')),
      tie('hostileValue'),
      {
        maxKeys: 3,
      },
    ),
  ),
}));

/** Every field name the API reads, with a value that passes on its own (so others can fail). */
function plausibleBody(w: World): Record<string, unknown> {
  const now = Date.now();
  return {
    nombre: 'Fiesta de prueba',
    ubicacion: 'Sala Apolo',
    fechaInicio: new Date(now + 24 * HOUR).toISOString(),
    fechaFin: new Date(now + 30 * HOUR).toISOString(),
    notas: 'Notas',
    esPrivado: false,
    email: uniqueEmail('fuzz'),
    password: 'secreto-123',
    apellido: 'García',
    rol: 'organizer',
    activo: true,
    currentPassword: 'no-es-la-buena',
    newPassword: 'secreto-456',
    eventoId: w.eventoId,
    ticketTypeId: w.tipoId,
    pedidoId: w.pedidoId,
    quantity: 1,
    nombreCompleto: 'Lucía Fernández',
    telefono: '+34 600 123 456',
    modo: 'por_cantidad',
    maxDrinks: 3,
    durationMinutes: null,
    drinkIntervalMinutes: null,
    drinkType: 'todo',
    validoDesde: new Date(now - HOUR).toISOString(),
    validoHasta: new Date(now + 4 * HOUR).toISOString(),
    qrCode: w.qrCode,
    tipoBebida: 'cerveza',
    scanId: randomUUID(),
    deviceId: 'dispositivo-fuzz',
    barra: 'Barra 1',
    name: 'Ana',
    message: 'Hola',
    acceptTerms: true,
    eventDate: '2026-09-12',
    guestCount: 100,
    eventType: 'boda',
    phone: '600123456',
    rechazosPorTicket: 5,
    consumosPorHora: 100,
    minutosSinEscanear: 30,
    deshechosPorBarra: 3,
    soloPendientes: true,
    estado: 'activo',
  };
}
const fieldNames = Object.keys(plausibleBody({} as World));

type BodyPlan =
  | { kind: 'none' }
  | { kind: 'fields'; changes: [string, unknown][] }
  | { kind: 'value'; value: unknown }
  | { kind: 'raw'; contentType: string; payload: string };

const bodyPlan: fc.Arbitrary<BodyPlan> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
  {
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom(...fieldNames), hostileValue), { minLength: 1, maxLength: 3 })
      .map((changes) => ({ kind: 'fields' as const, changes })),
    weight: 6,
  },
  { arbitrary: hostileValue.map((value) => ({ kind: 'value' as const, value })), weight: 2 },
  {
    arbitrary: fc
      .oneof(
        fc.record({
          contentType: fc.constantFrom(
            'text/csv',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/octet-stream',
            'application/xml',
            'application/json; charset=utf-16',
          ),
          payload: fc.oneof(fc.constant('nombre;email\nAna\u0000;a@b.es\n'), fc.string({ maxLength: 200 })),
        }),
        fc.record({
          contentType: fc.constant('application/json'),
          payload: fc.oneof(
            fc.constantFrom(
              `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
              `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
              '{"nombre": "x", ',
              '{"__proto__": {"admin": true}}',
              '{"constructor": {"prototype": {"admin": true}}}',
              `{"nombre": "${'x'.repeat(1_100_000)}"}`,
              '',
            ),
            fc.string({ maxLength: 100 }),
          ),
        }),
      )
      .map(({ contentType, payload }) => ({ kind: 'raw' as const, contentType, payload })),
    weight: 2,
  },
);

const queryPlan = fc.array(
  fc.tuple(
    fc.constantFrom(
      'page',
      'limit',
      'search',
      'ticketTypeId',
      'desde',
      'hasta',
      'barra',
      'soloPendientes',
      'x',
    ),
    fc.oneof(hostileString, hostileNumber.map(String)),
  ),
  { maxLength: 3 },
);

const casePlan = fc.record({
  route: fc.nat(),
  caller: fc.oneof(
    { arbitrary: fc.constant('organizer' as const), weight: 6 },
    { arbitrary: fc.constant('admin' as const), weight: 2 },
    { arbitrary: fc.constant('anonymous' as const), weight: 2 },
  ),
  pathChange: fc.option(fc.tuple(fc.nat(), hostileSegment), { freq: 3 }),
  query: queryPlan,
  body: bodyPlan,
});
type CasePlan = typeof casePlan extends fc.Arbitrary<infer T> ? T : never;

/** A query value as it goes on the wire; a lone surrogate cannot be encoded, so it goes raw. */
function encodeQueryValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** The real id or key of `world` each route parameter names. */
function realParam(url: string, name: string, w: World): string {
  if (name === 'apiKey') return encodeURIComponent(w.apiKey);
  if (name === 'qrCode') return encodeURIComponent(w.qrCode);
  if (name === 'userId') return String(w.organizer.user.id);
  if (name === 'eventoId') return String(w.eventoId);
  if (name === 'pedidoId') return String(w.pedidoId);
  if (url.startsWith('/api/pedidos/')) return String(w.pedidoId);
  if (url.startsWith('/api/tickets/')) return String(w.ticketId);
  if (url.startsWith('/api/tipos-ticket/')) return String(w.tipoId);
  if (url.startsWith('/api/admin/users/')) return String(w.organizer.user.id);
  return String(w.eventoId);
}

function buildRequest(plan: CasePlan, w: World) {
  const route = routes[plan.route % routes.length]!;
  const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  // A live stream with a real id never ends: its path always carries a hostile parameter.
  const streaming = route.url.endsWith('/stream');
  const changed =
    plan.pathChange ?? (streaming && names.length > 0 ? ([0, LONG_PARAM] as [number, string]) : null);
  let url = route.url;
  names.forEach((name, index) => {
    const value = changed && changed[0] % names.length === index ? changed[1] : realParam(route.url, name, w);
    url = url.replace(`:${name}`, value);
  });
  if (plan.query.length > 0) {
    url += `?${plan.query.map(([key, value]) => `${key}=${encodeQueryValue(value)}`).join('&')}`;
  }
  const headers: Record<string, string> =
    plan.caller === 'organizer'
      ? { ...w.organizer.headers }
      : plan.caller === 'admin'
        ? { ...w.admin.headers }
        : {};
  let payload: string | undefined;
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && plan.body.kind !== 'none') {
    if (plan.body.kind === 'raw') {
      headers['content-type'] = plan.body.contentType;
      payload = plan.body.payload;
    } else {
      headers['content-type'] = 'application/json';
      const value =
        plan.body.kind === 'value'
          ? plan.body.value
          : { ...plausibleBody(w), ...Object.fromEntries(plan.body.changes) };
      payload = JSON.stringify(value) ?? 'null';
    }
  }
  return { route, method: route.method as 'GET', url, headers, payload, streaming };
}

// ---------------------------------------------------------------------------------------------
// What must hold

const ENGLISH =
  /invalid input|expected|received|must (be|have|match)|required|unrecognized|too (big|small)|not found|bad request|unsupported|exceeding|internal server/i;
/**
 * Tables that count attempts by design even when the answer refuses them: failed logins and wrong
 * current passwords (throttle), scanner rate windows, the scan audit log (every scan attempt is kept), and each
 * bar's last scan, which the log's trigger keeps (an event's first logged scan, an unknown code
 * refused, adds its row).
 */
const COUNTING_TABLES = new Set(['throttle_attempts', 'rate_counters', 'scan_log', 'bar_last_scans']);

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
        const request = buildRequest(plan, world);
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
