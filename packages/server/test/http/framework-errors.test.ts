import { connect } from 'node:net';
import type { RouteOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { eventos } from '../../src/db/schema';
import { type Account, signIn } from '../support/accounts';
import { openTestDatabase } from '../support/database';
import { createEvent } from '../support/events';
import { createTicketType } from '../support/ticket-types';
import { createOrder } from '../support/orders';

// docs/rules/operations.md: errors the HTTP framework or Node's parser raise themselves (URL or parameter too
// long, headers too large, a URL that does not decode, a malformed request) answer in the shape of
// every API error, in Spanish, and repeat no part of the URL (it may hold an API key or a QR code). Through a
// real socket: `inject` skips Node's HTTP parser.

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let base: string;
let port: number;
const scannerRoutes: { method: string; url: string }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    db: database.db,
    scannerRateLimit: 0,
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (route.url.startsWith('/api/scanner/') && method !== 'HEAD')
          scannerRoutes.push({ method, url: route.url });
      }
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  port = address.port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Writes `request` as it is to a fresh connection and reads the whole answer. */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.write(request);
  });
}

const SPANISH_SHAPE = { message: expect.any(String), error: expect.any(String) };

/** The API error shape, a Spanish message and no English framework text, no echo of `secret`. */
function expectSpanishError(
  body: string,
  status: number,
  expected: { status: number; error: string; message: string },
  secret?: string,
) {
  expect(status, body).toBe(expected.status);
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(parsed).toEqual({ ...SPANISH_SHAPE, error: expected.error, message: expected.message });
  expect(body).not.toMatch(/FST_ERR|statusCode|Bad Request|exceeding|Client Error|Header/);
  if (secret) expect(body).not.toContain(secret);
}

describe('errors raised before any route runs, through a real socket', () => {
  it('answers headers or a URL that are too large with 431 in Spanish, without the URL', async () => {
    const tooLarge = {
      status: 431,
      error: 'headers_too_large',
      message: 'La dirección o las cabeceras de la petición son demasiado largas.',
    };
    const headers = await fetch(`${base}/api/config`, { headers: { 'x-relleno': 'x'.repeat(64 * 1024) } });
    expectSpanishError(await headers.text(), headers.status, tooLarge);
    expect(headers.headers.get('content-type')).toMatch(/^application\/json/);
    const secret = `secreto${'s'.repeat(40 * 1024)}`;
    const url = await fetch(`${base}/api/pedidos/1?search=${secret}`);
    expectSpanishError(await url.text(), url.status, tooLarge, 'secreto');
  });

  it('answers a path parameter over the limit with 414 in Spanish, without the parameter', async () => {
    const key = `clave${'k'.repeat(700)}`;
    const res = await fetch(`${base}/api/scanner/${key}/event`);
    expectSpanishError(
      await res.text(),
      res.status,
      {
        status: 414,
        error: 'uri_too_long',
        message: 'La dirección de la petición es demasiado larga.',
      },
      key,
    );
  });

  it('answers a URL that does not decode with 400 in Spanish, without the URL', async () => {
    const res = await raw(
      'GET /api/scanner/secreto%E0%A4%A/ticket/qr%ZZ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expectSpanishError(
      res.body,
      res.status,
      {
        status: 400,
        error: 'bad_url',
        message: 'La dirección de la petición no es válida.',
      },
      'secreto',
    );
  });

  it('answers a request Node cannot parse with 400 in Spanish', async () => {
    const res = await raw('GET /api/config HTTP/1.1\r\nHost: x\r\nMala cabecera\r\n\r\n');
    expectSpanishError(res.body, res.status, {
      status: 400,
      error: 'bad_request',
      message: 'La petición no es válida.',
    });
  });
});

describe('a valid API key of 128 characters', () => {
  it('works in every scanner URL', async () => {
    const owner: Account = await signIn(database.db);
    const t = { app, db: database.db, database, close: async () => undefined };
    const now = Date.now();
    const evento = await createEvent(t, owner, {
      fechaInicio: new Date(now - 3_600_000).toISOString(),
      fechaFin: new Date(now + 5 * 3_600_000).toISOString(),
    });
    const tipo = await createTicketType(t, owner, evento);
    const pedido = await createOrder(t, owner, { evento, tipo }, { quantity: 1 });
    const apiKey = `K${'a1_-'.repeat(32)}`.slice(0, 128);
    expect(apiKey).toHaveLength(128);
    await database.db.update(eventos).set({ apiKey }).where(eq(eventos.id, evento.id));
    const qrCode = pedido.tickets[0]!.qrCode;

    expect(scannerRoutes.length).toBeGreaterThanOrEqual(4);
    for (const route of scannerRoutes) {
      const url = route.url.replace(':apiKey', apiKey).replace(':qrCode', qrCode);
      const res = await fetch(`${base}${url}`, {
        method: route.method,
        ...(route.method === 'POST'
          ? {
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ qrCode, scanId: 'scan-de-prueba', deviceId: 'dispositivo-1' }),
            }
          : {}),
      });
      const text = await res.text();
      // The key reached its route and was recognised: 200 (or the undo's own 404/409 answer).
      expect(res.status, `${route.method} ${route.url}: ${text}`).toBeLessThan(500);
      expect(res.status, `${route.method} ${route.url}: ${text}`).not.toBe(414);
      expect(text, `${route.method} ${route.url}`).not.toContain('API Key inválida');
    }
  });
});
