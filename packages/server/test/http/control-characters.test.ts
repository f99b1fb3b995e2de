import { SINGLE_LINE_TEXT_MESSAGE } from '@drinkflow/domain/text';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pedidos } from '../../src/db/schema';
import { renderOrderEmail } from '../../src/modules/email/render';
import { type Account, signIn } from '../support/accounts';
import { call, expectFieldError, type Method } from '../support/api';
import { eventBody } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { ticketTypeBody } from '../support/ticket-types';
import { uniqueAddress, uniqueEmail } from '../support/unique-values';
import { createOrder, orderBody, ownedEvent, type OwnedEvent } from '../support/orders';

// docs/decisions/052: a one-line field holding a control character or a
// bidirectional override is refused with a 400 naming it (notes and guest lists:
// control-characters-in-notes.test.ts).

let t: TestApp;
let owned: OwnedEvent;
let admin: Account;
let pedidoId: number;

beforeAll(async () => {
  t = await createTestApp();
  owned = await ownedEvent(t);
  admin = await signIn(t.db, 'admin');
  pedidoId = (await createOrder(t, owned.owner, owned)).id;
});
afterAll(() => t.close());

/** CR/LF (header injection in a plain-text email), ESC, BEL and RIGHT-TO-LEFT OVERRIDE. */
const HOSTILE = { 'CR/LF': '\r\n', ESC: '\u001B', BEL: '\u0007', RLO: '\u202E' } as const;

interface Endpoint {
  method: Method;
  url: () => string;
  who: () => Account | null;
  /** A valid body; `field` (a dotted path) is set to `value`. */
  body: (field: string, value: string) => Record<string, unknown>;
  fields: string[];
}

/** `body` with the dotted `path` set to `value` ('barras.0' sets the list's first element). */
function withField(body: Record<string, unknown>, path: string, value: string) {
  const [key, index] = path.split('.') as [string, string | undefined];
  return { ...body, [key]: index === undefined ? value : [value] };
}

/** A valid value of `field` with `hostile` in the middle (an email stays an email around it). */
const valueWith = (field: string, hostile: string) =>
  /email/i.test(field) ? `ana${hostile}bcc@example.com` : `Ana${hostile}Bcc: intruso@example.com`;

const eventUpdate = (field: string, value: string) =>
  withField(eventBody({ barras: ['Principal'] }), field, value);

const endpoints: Record<string, Endpoint> = {
  'POST /api/auth/register': {
    method: 'POST',
    url: () => '/api/auth/register',
    who: () => null,
    body: (field, value) =>
      withField(
        { email: uniqueEmail(), password: 'secreto-123', nombre: 'Ana', apellido: 'Ruiz' },
        field,
        value,
      ),
    fields: ['email', 'nombre', 'apellido'],
  },
  'POST /api/auth/login': {
    method: 'POST',
    url: () => '/api/auth/login',
    who: () => null,
    body: (field, value) => withField({ email: uniqueEmail(), password: 'secreto-123' }, field, value),
    fields: ['email'],
  },
  'PUT /api/auth/profile': {
    method: 'PUT',
    url: () => '/api/auth/profile',
    who: () => owned.owner,
    body: (field, value) =>
      withField({ nombre: 'Dueña', apellido: null, email: uniqueEmail() }, field, value),
    fields: ['nombre', 'apellido', 'email'],
  },
  'POST /api/eventos': {
    method: 'POST',
    url: () => '/api/eventos',
    who: () => owned.owner,
    body: eventUpdate,
    fields: ['nombre', 'ubicacion', 'barras.0'],
  },
  'PUT /api/eventos/{id}': {
    method: 'PUT',
    url: () => `/api/eventos/${owned.evento.id}`,
    who: () => owned.owner,
    body: eventUpdate,
    fields: ['nombre', 'ubicacion', 'barras.0'],
  },
  'PATCH /api/eventos/{id}/barras': {
    method: 'PATCH',
    url: () => `/api/eventos/${owned.evento.id}/barras`,
    who: () => owned.owner,
    body: (field, value) => withField({ de: 'Principal', a: 'Terraza' }, field, value),
    fields: ['de', 'a'],
  },
  'POST /api/tipos-ticket': {
    method: 'POST',
    url: () => '/api/tipos-ticket',
    who: () => owned.owner,
    body: (field, value) => withField(ticketTypeBody(owned.evento), field, value),
    fields: ['nombre', 'drinkType', 'barrasPermitidas.0'],
  },
  'PUT /api/tipos-ticket/{id}': {
    method: 'PUT',
    url: () => `/api/tipos-ticket/${owned.tipo.id}`,
    who: () => owned.owner,
    body: (field, value) => withField(ticketTypeBody(owned.evento), field, value),
    fields: ['nombre', 'drinkType', 'barrasPermitidas.0'],
  },
  'POST /api/pedidos': {
    method: 'POST',
    url: () => '/api/pedidos',
    who: () => owned.owner,
    body: (field, value) => withField(orderBody(owned), field, value),
    fields: ['nombreCompleto', 'email', 'telefono'],
  },
  'PUT /api/pedidos/{id}': {
    method: 'PUT',
    url: () => `/api/pedidos/${pedidoId}`,
    who: () => owned.owner,
    body: (field, value) =>
      withField({ nombreCompleto: 'Lucía', email: uniqueEmail(), telefono: '600 111 222' }, field, value),
    fields: ['nombreCompleto', 'email', 'telefono'],
  },
  'POST /api/demo-request': {
    method: 'POST',
    url: () => '/api/demo-request',
    who: () => null,
    body: (field, value) =>
      withField({ name: 'Ana', email: uniqueEmail(), phone: '600 111 222', acceptTerms: true }, field, value),
    fields: ['name', 'email', 'phone'],
  },
};

function send(endpoint: Endpoint, payload: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: endpoint.method,
    url: endpoint.url(),
    payload,
    // Registrations, failed logins and demo requests are limited per address.
    remoteAddress: uniqueAddress(),
    headers: endpoint.who()?.headers ?? {},
  });
}

describe('one-line fields with a control or bidirectional character', () => {
  const cases = Object.entries(endpoints).flatMap(([name, endpoint]) =>
    endpoint.fields.map((field) => [name, field] as const),
  );

  it.each(cases)('%s refuses %s holding CR/LF, ESC, BEL or U+202E', async (name, field) => {
    const endpoint = endpoints[name]!;
    for (const [label, hostile] of Object.entries(HOSTILE)) {
      const res = await send(endpoint, endpoint.body(field, valueWith(field, hostile)));
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expectFieldError(res, field, SINGLE_LINE_TEXT_MESSAGE);
    }
  });

  it('trims a line break around a name, as all text is, and stores the name on one line', async () => {
    const pedido = await createOrder(t, owned.owner, owned, { nombreCompleto: '\tAna Ruiz\r\n' });
    expect(pedido.nombreCompleto).toBe('Ana Ruiz');
  });

  it('still accepts accented names, emoji and right-to-left scripts', async () => {
    const pedido = await createOrder(t, owned.owner, owned, { nombreCompleto: 'Zoë Nuñez-Çelik 🍹 مريم' });
    expect(pedido.nombreCompleto).toBe('Zoë Nuñez-Çelik 🍹 مريم');
  });

  it.each([
    ['orders', () => `/api/pedidos/${owned.evento.id}?search=ana%0D%0Abcc`, () => owned.owner],
    ['admin users', () => '/api/admin/users?search=ana%1Bx', () => admin],
  ])('refuses a search of the %s list holding a control character', async (_name, url, who) => {
    const res = await call(t, who(), 'GET', url());
    expectFieldError(res, 'search', SINGLE_LINE_TEXT_MESSAGE);
  });
});

describe('the plain-text email of an order', () => {
  it('shows every stored holder name on its one «Hola» line: no line of the body reads as a header', async () => {
    const target = await ownedEvent(t);
    await call(
      t,
      target.owner,
      'POST',
      '/api/pedidos',
      orderBody(target, { nombreCompleto: 'Ana\r\nBcc: intruso@example.com' }),
    );
    await createOrder(t, target.owner, target, { nombreCompleto: ' Ana Ruiz\n' });
    const stored = await t.db.select().from(pedidos).where(eq(pedidos.eventoId, target.evento.id));
    expect(stored.length).toBeGreaterThan(0);
    for (const pedido of stored) {
      const { text } = renderOrderEmail(
        {
          nombreCompleto: pedido.nombreCompleto,
          organizador: 'Dueña',
          evento: { ...target.evento, fechaInicio: new Date(target.evento.fechaInicio) },
          tickets: [{ id: 1, tipo: target.tipo.nombre, enlace: 'https://drinkflow.example/t/abc' }],
        },
        'Europe/Madrid',
      );
      const lines = text.split('\n');
      expect(lines).toContain(`Hola, ${pedido.nombreCompleto}:`);
      expect(lines.filter((line) => /^(bcc|cc|to|subject):/i.test(line))).toEqual([]);
    }
  });
});
