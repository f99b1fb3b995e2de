// What the API fuzz test sends: a route of the route table, a caller, hostile path segments,
// query values and bodies, built into a request against a world of real data.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Account } from '../support/accounts';
import { HOUR } from '../support/time';
import { uniqueEmail } from '../support/unique-values';

export interface World {
  organizer: Account;
  admin: Account;
  eventoId: number;
  tipoId: number;
  pedidoId: number;
  ticketId: number;
  apiKey: string;
  qrCode: string;
}

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

export const casePlan = fc.record({
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

/** Whether a path value, once the router decodes it, could be a row's id. */
function readsAsId(value: string): boolean {
  try {
    return /^\s*\+?\d+\s*$/.test(decodeURIComponent(value));
  } catch {
    return false;
  }
}

export function buildRequest(plan: CasePlan, w: World, routes: { method: string; url: string }[]) {
  const route = routes[plan.route % routes.length]!;
  const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  // A live stream of an event that exists never ends: its path always carries a hostile parameter,
  // never one that reads as an id ("9", "%39", " 09"), which may name this world's event or another
  // one the admin may watch.
  const streaming = route.url.endsWith('/stream');
  let changed = plan.pathChange;
  if (streaming && names.length > 0 && (!changed || readsAsId(changed[1]))) {
    changed = [changed ? changed[0] : 0, LONG_PARAM];
  }
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
