import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { safeUrl } from '../../src/http/logging';
import { createUser, login } from '../support/accounts';
import { openTestDatabase } from '../support/database';
import { uniqueAddress } from '../support/unique-values';

// Logs are for operators: never passwords, hashes, tokens, API keys, QR codes, query strings or
// SQL parameters — whatever a request or a failing query carries.

const secrets = {
  password: 'contraseña-secreta-9f3',
  token: 'tokensecreto0123456789abcdef',
  apiKey: 'claveapisecreta42',
  qrCode: 'qrsecreto_abcdef123456',
  query: 'consultasecreta77',
  sqlParam: 'parametrosecreto55',
  guestToken: 'enlaceinvitadoSecreto0123',
};

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let logged = '';

beforeAll(async () => {
  database = await openTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  app = await buildApp({ db: database.db, logger: { level: 'info', stream } });
  // A query that fails with its parameter in the database's own message.
  app.get('/api/prueba/fallo-sql', async () =>
    database.db.execute(sql`select ${secrets.sqlParam}::integer as n`),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('request and error logs', () => {
  it('keep no secret of the requests, the headers or a failing query', async () => {
    const { email } = await createUser(database.db, { password: secrets.password });
    expect((await login(app, { email, password: secrets.password }, uniqueAddress())).statusCode).toBe(200);
    await login(app, { email, password: `${secrets.password}-mala` }, uniqueAddress());
    await app.inject({
      method: 'GET',
      url: `/api/eventos/1?token=${secrets.query}`,
      headers: { authorization: `Bearer ${secrets.token}` },
    });
    await app.inject({ method: 'GET', url: `/api/scanner/${secrets.apiKey}/ticket/${secrets.qrCode}` });
    await app.inject({ method: 'POST', url: `/api/scanner/${secrets.apiKey}/consume`, payload: {} });
    await app.inject({ method: 'GET', url: `/scanner/${secrets.apiKey}?barra=${secrets.query}` });
    await app.inject({ method: 'GET', url: `/api/t/${secrets.guestToken}` });
    await app.inject({ method: 'GET', url: `/t/${secrets.guestToken}` });
    const failed = await app.inject({ method: 'GET', url: '/api/prueba/fallo-sql' });

    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain(secrets.sqlParam);
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('22P02');
    expect(logged).toContain('/api/scanner/[redactado]/ticket/[redactado]');
    for (const [name, secret] of Object.entries(secrets)) {
      expect(logged, `${name} leaked into the log`).not.toContain(secret);
    }
    expect(logged).not.toMatch(/\$argon2/);
    expect(logged.toLowerCase()).not.toContain('authorization');
  });

  it('write one line per request, when it is answered, with its status and time', async () => {
    const before = logged.length;
    await app.inject({ method: 'GET', url: `/api/scanner/${secrets.apiKey}/event` });
    const lines = logged
      .slice(before)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/scanner/[redactado]/event' },
      res: { statusCode: 404 },
    });
    expect(lines[0]!.responseTime).toEqual(expect.any(Number));
  });
});

describe('safeUrl', () => {
  it.each([
    ['/api/eventos/3?search=ana', '/api/eventos/3?[redactado]'],
    ['/api/scanner/k3y/event', '/api/scanner/[redactado]/event'],
    ['/api/scanner/k3y/ticket/qr', '/api/scanner/[redactado]/ticket/[redactado]'],
    ['/api/scanner/k3y/consume?x=1', '/api/scanner/[redactado]/consume?[redactado]'],
    ['/scanner/k3y', '/scanner/[redactado]'],
    ['/t/AbCdEf0123456789_-xyzABC', '/t/[redactado]'],
    ['/api/t/AbCdEf0123456789_-xyzABC', '/api/t/[redactado]'],
    ['/api/t/AbCdEf0123456789_-xyzABC/stream', '/api/t/[redactado]/stream'],
    ['/api/invitaciones/AbCdEf0123456789_-xyzABC/aceptar', '/api/invitaciones/[redactado]/aceptar'],
    ['/invitacion/AbCdEf0123456789_-xyzABC', '/invitacion/[redactado]'],
    ['/organizer/eventos', '/organizer/eventos'],
  ])('logs %s as %s', (url, expected) => {
    expect(safeUrl(url)).toBe(expected);
  });
});
