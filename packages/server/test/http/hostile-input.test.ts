import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { type Account, signIn } from '../support/accounts';
import { expectApiError, expectValidationError } from '../support/api';
import { createEvent, eventBody } from '../support/events';
import { ticketTypeBody } from '../support/ticket-types';
import { uniqueAddress, uniqueEmail } from '../support/unique-values';
import { scannerSetup, type ScannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';

// docs/rules/operations.md: hostile input is invalid input — 400 in Spanish in the API error shape, never a 500
// from the database (PostgreSQL text cannot hold NUL, its integers stop at 2^31 - 1).

let t: ScannerTestApp;
let owner: Account;
let setup: ScannerSetup;
beforeAll(async () => {
  t = await createScannerApp({ scannerRateLimit: 0 });
  owner = await signIn(t.db, 'organizer');
  setup = await scannerSetup(t, { owner });
});
afterAll(() => t.close());

const NUL = '\u0000';
const LONE_SURROGATE = '\uD800';
const ENGLISH = /invalid input|expected|received|required|must be|too (big|small)|unrecognized/i;

function json(method: 'POST' | 'PUT', url: string, payload: string, who: Account | null = owner) {
  return t.app.inject({
    method,
    url,
    payload,
    remoteAddress: uniqueAddress(),
    headers: { 'content-type': 'application/json', ...(who?.headers ?? {}) },
  });
}

/** 400 `validation_error` naming `field`, every message Spanish. */
function expectSpanishValidation(res: LightMyRequestResponse, field: string) {
  const body = expectValidationError(res, field);
  for (const message of [body.message, ...(body.details ?? []).map((detail) => detail.message)]) {
    expect(message).not.toMatch(ENGLISH);
  }
  return body;
}

describe('text the database cannot store (NUL, lone surrogates)', () => {
  const withText = (text: string) => ({
    login: ['POST', '/api/auth/login', { email: `a${text}@example.com`, password: 'secreto-123' }, null],
    register: [
      'POST',
      '/api/auth/register',
      { email: uniqueEmail(), password: 'secreto-123', nombre: `Ana${text}` },
      null,
    ],
    event: ['POST', '/api/eventos', eventBody({ nombre: `Fiesta${text}` }), owner],
    order: [
      'POST',
      '/api/pedidos',
      { eventoId: setup.evento.id, nombreCompleto: `Ana${text}`, email: uniqueEmail() },
      owner,
    ],
    demo: [
      'POST',
      '/api/demo-request',
      { name: 'Ana', email: uniqueEmail(), message: `Hola${text}`, acceptTerms: true },
      null,
    ],
    consume: ['POST', `/api/scanner/${setup.evento.apiKey}/consume`, { qrCode: `abc${text}` }, null],
  });
  const fields: Record<string, string> = {
    login: 'email',
    register: 'nombre',
    event: 'nombre',
    order: 'nombreCompleto',
    demo: 'message',
    consume: 'qrCode',
  };

  it.each(['login', 'register', 'event', 'order', 'demo', 'consume'])(
    'answers 400 to a NUL or a lone surrogate in the %s body',
    async (name) => {
      for (const text of [NUL, LONE_SURROGATE]) {
        const [method, url, body, who] = withText(text)[name as 'login'];
        // JSON.stringify writes a lone surrogate as the escape \ud800, as a hostile client would.
        const res = await json(method as 'POST', url as string, JSON.stringify(body), who as Account | null);
        const answer = expectSpanishValidation(res, fields[name]!);
        expect(answer.details).toContainEqual({
          field: fields[name],
          message: 'El texto contiene caracteres no permitidos',
        });
      }
    },
  );

  it('answers 400 to a NUL in the ticket path of the scanner and in a query', async () => {
    const base = `/api/scanner/${setup.evento.apiKey}`;
    expectSpanishValidation(await t.app.inject({ url: `${base}/ticket/abc%00def` }), 'qrCode');
    // A surrogate written in UTF-8 is no UTF-8 at all: the URL does not decode.
    const undecodable = await t.app.inject({ url: `${base}/ticket/abc%ED%A0%80` });
    expect(expectApiError(undecodable, 400, 'bad_url').message).toBe(
      'La dirección de la petición no es válida.',
    );
    expectSpanishValidation(await t.app.inject({ url: `/api/scanner/ab%00cd/event` }), 'apiKey');
    const search = await t.app.inject({
      url: `/api/pedidos/${setup.evento.id}?search=ana%00`,
      headers: owner.headers,
    });
    expectSpanishValidation(search, 'search');
  });

  it('refuses a NUL hidden in a nested value or an object key', async () => {
    expectSpanishValidation(
      await json('PUT', `/api/eventos/${setup.evento.id}/alertas/reglas`, '{"rechazosPorTicket\\u0000":1}'),
      'body',
    );
    expectSpanishValidation(
      await json('POST', '/api/pedidos', JSON.stringify({ eventoId: 1, extra: [{ a: `x${NUL}` }] })),
      'extra.0.a',
    );
  });
});

describe('ids past the database integer range', () => {
  const tooBig = '2147483648';

  it('answer 400 in paths, bodies and queries, and the largest id is a plain 404', async () => {
    for (const url of [
      `/api/eventos/single/${tooBig}`,
      `/api/pedidos/${tooBig}`,
      `/api/tickets/${tooBig}`,
      `/api/tipos-ticket/${tooBig}`,
      `/api/stats/${tooBig}`,
      `/api/eventos/${tooBig}/export/pedidos.csv`,
    ]) {
      const answer = expectApiError(
        await t.app.inject({ url, headers: owner.headers }),
        400,
        'validation_error',
      );
      expect(answer.details?.[0]?.field, url).toMatch(/^(id|eventoId|pedidoId)$/);
      expect(answer.details?.[0]?.message, url).toMatch(/^El id (del evento |del pedido )?no es válido$/);
    }
    expectApiError(
      await t.app.inject({ url: '/api/eventos/single/2147483647', headers: owner.headers }),
      404,
      'not_found',
    );
    expectSpanishValidation(
      await json(
        'POST',
        '/api/pedidos',
        JSON.stringify({ eventoId: 2 ** 31, nombreCompleto: 'Ana', email: uniqueEmail() }),
      ),
      'eventoId',
    );
    expectSpanishValidation(
      await json('POST', '/api/tipos-ticket', JSON.stringify(ticketTypeBody({ ...setup.evento, id: 1e12 }))),
      'eventoId',
    );
    expectSpanishValidation(
      await json('POST', '/api/tickets', JSON.stringify({ pedidoId: 1, ticketTypeId: 2 ** 40 })),
      'ticketTypeId',
    );
    expectSpanishValidation(
      await t.app.inject({
        url: `/api/pedidos/${setup.evento.id}?ticketTypeId=${tooBig}`,
        headers: owner.headers,
      }),
      'ticketTypeId',
    );
  });
});

describe('impossible calendar dates', () => {
  it.each([
    ['fechaInicio', '2026-02-30T20:00:00.000Z'],
    ['fechaFin', '2026-11-31T02:00:00.000Z'],
    ['fechaInicio', '0000-01-01T20:00:00.000Z'],
    ['fechaFin', '2101-01-01T02:00:00.000Z'],
  ])('refuses an event whose %s is %s instead of moving it', async (field, value) => {
    const body = eventBody({
      fechaInicio: '2026-02-20T20:00:00.000Z',
      fechaFin: '2026-12-20T02:00:00.000Z',
      [field]: value,
    });
    expectSpanishValidation(await json('POST', '/api/eventos', JSON.stringify(body)), field);
    const update = await json('PUT', `/api/eventos/${setup.evento.id}`, JSON.stringify(body));
    expectSpanishValidation(update, field);
  });

  it.each([
    ['validoDesde', '2026-02-30T20:00:00.000Z'],
    ['validoHasta', '2026-11-31T02:00:00.000Z'],
  ])('refuses a ticket type whose %s is %s', async (field, value) => {
    const evento = await createEvent(t, owner, {
      fechaInicio: '2026-02-01T00:00:00.000Z',
      fechaFin: '2026-12-31T00:00:00.000Z',
    });
    const body = ticketTypeBody(evento, { [field]: value });
    expectSpanishValidation(await json('POST', '/api/tipos-ticket', JSON.stringify(body)), field);
    const res = await json('PUT', `/api/tipos-ticket/${setup.tipo.id}`, JSON.stringify(body));
    expectSpanishValidation(res, field);
  });

  it('names the years allowed, on events and ticket types', async () => {
    const tipo = ticketTypeBody(setup.evento, { validoDesde: '0000-01-01T20:00:00.000Z' });
    expect(
      expectSpanishValidation(await json('POST', '/api/tipos-ticket', JSON.stringify(tipo)), 'validoDesde')
        .details,
    ).toContainEqual({ field: 'validoDesde', message: 'La fecha debe estar entre los años 2000 y 2100' });
    const body = eventBody({ fechaInicio: '1999-07-04T20:00:00.000Z' });
    const answer = expectSpanishValidation(
      await json('POST', '/api/eventos', JSON.stringify(body)),
      'fechaInicio',
    );
    expect(answer.details).toContainEqual({
      field: 'fechaInicio',
      message: 'La fecha debe estar entre los años 2000 y 2100',
    });
  });
});

describe('validation details', () => {
  it('are Spanish for a body of the wrong type', async () => {
    const answer = expectSpanishValidation(await json('POST', '/api/auth/login', '"texto"', null), 'body');
    expect(answer.details).toEqual([{ field: 'body', message: 'Debe ser un objeto' }]);
  });

  it('are Spanish for a field whose schema names no message of its own', async () => {
    const body = JSON.stringify({ ...eventBody(), notas: 5 });
    const answer = expectSpanishValidation(await json('POST', '/api/eventos', body), 'notas');
    expect(answer.details).toEqual([{ field: 'notas', message: 'Debe ser un texto' }]);
  });

  it('name the problem of a login email that is too long', async () => {
    const body = JSON.stringify({ email: `${'a'.repeat(300)}@example.com`, password: 'x' });
    const answer = expectSpanishValidation(await json('POST', '/api/auth/login', body, null), 'email');
    expect(answer.details).toEqual([{ field: 'email', message: 'El email es demasiado largo' }]);
  });

  it('tell a drink that is not a text from one that is too long', async () => {
    const res = await json(
      'POST',
      `/api/scanner/${setup.evento.apiKey}/consume`,
      JSON.stringify({ qrCode: setup.ticket.qrCode, tipoBebida: 5 }),
      null,
    );
    const answer = expectSpanishValidation(res, 'tipoBebida');
    expect(answer.details).toContainEqual({
      field: 'tipoBebida',
      message: 'El tipo de bebida debe ser un texto',
    });
  });
});

describe('a CSV body', () => {
  it('is refused with 415 in Spanish by every route but the guest import', async () => {
    for (const [url, who] of [
      ['/api/auth/login', null],
      ['/api/demo-request', null],
      [`/api/scanner/${setup.evento.apiKey}/consume`, null],
      ['/api/pedidos', owner],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: 'nombre;email\nAna;ana@example.com\n',
        headers: { 'content-type': 'text/csv', ...(who?.headers ?? {}) },
      });
      const answer = expectApiError(res, 415, 'unsupported_media_type');
      expect(answer.message).toBe('Tipo de contenido no soportado: envía JSON.');
    }
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/eventos/${setup.evento.id}/importar/previsualizar`,
      payload: `nombre;email;tipo de ticket\nAna;ana@example.com;${setup.tipo.nombre}\n`,
      headers: { 'content-type': 'text/csv', ...owner.headers },
    });
    expect(imported.statusCode, imported.body).toBe(200);
  });
});
