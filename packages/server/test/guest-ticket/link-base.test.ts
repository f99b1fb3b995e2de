import type { EnvioProgress } from '@drinkflow/domain/email';
import type { LinkBase } from '@drinkflow/domain/link-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { ConfigError, readConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import type { EmailOptions } from '../../src/modules/email/options';
import { type Account, signIn } from '../support/accounts';
import { call, expectApiError } from '../support/api';
import { openTestDatabase } from '../support/database';
import { ownedEvent, type OwnedEvent } from '../support/orders';
import type { TestApp } from '../support/test-app';

// docs/rules/guests.md#links-that-cannot-work: the server says the base of the guest links it and the
// web put in messages, and whether that base is this computer's loopback (docs/decisions/064).

let database: Database;
let owned: OwnedEvent;
let bar: Account;
const apps: TestApp[] = [];

async function appWith(options: Omit<BuildAppOptions, 'db'>): Promise<TestApp> {
  const app = await buildApp({ db: database.db, ...options });
  await app.ready();
  const t: TestApp = { app, db: database.db, database, close: () => app.close() };
  apps.push(t);
  return t;
}

/** A mail server that is never reached: nothing is queued here, only the progress is read. */
const email = (publicUrl: string): EmailOptions => ({
  smtpUrl: 'smtp://127.0.0.1:1',
  from: 'DrinkFlow <entradas@drinkflow.test>',
  publicUrl,
  pollMs: 3_600_000,
});

let plain: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
  plain = await appWith({});
  owned = await ownedEvent(plain);
  bar = await signIn(database.db, 'scanner', 'Barra');
});
afterAll(async () => {
  for (const t of apps) await t.close();
  await database?.close();
});

const linkBaseOf = (t: TestApp, host: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/enlaces', headers: { ...owned.owner.headers, host, ...headers } });

describe('GET /api/enlaces without PUBLIC_URL: the origin the request came to', () => {
  it('is local for localhost, any 127.x and ::1, however they are written', async () => {
    const cases: [string, string][] = [
      ['127.0.0.1:3300', 'http://127.0.0.1:3300'],
      ['127.0.0.2', 'http://127.0.0.2'],
      ['127.1:3000', 'http://127.0.0.1:3000'],
      ['localhost:3000', 'http://localhost:3000'],
      ['LOCALHOST.', 'http://localhost.'],
      ['[::1]:3000', 'http://[::1]:3000'],
      ['[0:0:0:0:0:0:0:1]', 'http://[::1]'],
      ['[::ffff:127.0.0.1]:3000', 'http://[::ffff:7f00:1]:3000'],
    ];
    for (const [host, base] of cases) {
      const res = await linkBaseOf(plain, host);
      expect(res.statusCode, `${host}: ${res.body}`).toBe(200);
      expect(res.json<LinkBase>(), host).toEqual({ base, local: true });
    }
  });

  it('is not local for a real name, a LAN address or another IPv6 address', async () => {
    for (const [host, base] of [
      ['fiesta.example.org', 'http://fiesta.example.org'],
      ['192.168.1.20:3000', 'http://192.168.1.20:3000'],
      ['10.0.0.127', 'http://10.0.0.127'],
      ['128.0.0.1', 'http://128.0.0.1'],
      ['[2001:db8::1]:3000', 'http://[2001:db8::1]:3000'],
      ['localhost.example.org', 'http://localhost.example.org'],
    ]) {
      expect((await linkBaseOf(plain, host!)).json<LinkBase>(), host).toEqual({ base, local: false });
    }
  });

  it('takes the scheme and host a trusted proxy forwards, and only from a trusted proxy', async () => {
    const proxied = await appWith({ trustProxy: true });
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'fiesta.example.org' };
    expect((await linkBaseOf(proxied, '127.0.0.1:3000', forwarded)).json<LinkBase>()).toEqual({
      base: 'https://fiesta.example.org',
      local: false,
    });
    expect((await linkBaseOf(plain, '127.0.0.1:3000', forwarded)).json<LinkBase>()).toEqual({
      base: 'http://127.0.0.1:3000',
      local: true,
    });
  });

  it('is for whoever sends tickets: 401 without a session, 403 for bar staff', async () => {
    expectApiError(await call(plain, null, 'GET', '/api/enlaces'), 401, 'unauthorized');
    expectApiError(await call(plain, bar, 'GET', '/api/enlaces'), 403, 'forbidden');
  });
});

describe('GET /api/enlaces with PUBLIC_URL', () => {
  it('answers PUBLIC_URL, not local, even to a request that came to 127.0.0.1', async () => {
    const t = await appWith({ publicUrl: 'https://fiesta.example.org' });
    for (const host of ['127.0.0.1:3300', 'localhost', '[::1]']) {
      expect((await linkBaseOf(t, host)).json<LinkBase>(), host).toEqual({
        base: 'https://fiesta.example.org',
        local: false,
      });
    }
  });

  it('is local when PUBLIC_URL itself is this computer', async () => {
    const t = await appWith({ publicUrl: 'http://127.0.0.1:3300' });
    expect((await linkBaseOf(t, 'fiesta.example.org')).json<LinkBase>()).toEqual({
      base: 'http://127.0.0.1:3300',
      local: true,
    });
  });
});

describe('the emails’ link base in GET /api/eventos/{id}/envios', () => {
  const progress = async (t: TestApp) => {
    const res = await call(t, owned.owner, 'GET', `/api/eventos/${owned.evento.id}/envios`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<EnvioProgress>();
  };

  it('is null without SMTP_URL', async () => {
    expect(await progress(plain)).toMatchObject({ configurado: false, enlaces: null });
  });

  it('is PUBLIC_URL, not local, when it is a real host', async () => {
    const t = await appWith({ email: email('https://fiesta.example.org') });
    expect(await progress(t)).toMatchObject({
      configurado: true,
      enlaces: { base: 'https://fiesta.example.org', local: false },
    });
  });

  it('is local with the default base of a server without PUBLIC_URL', async () => {
    const { email: configured } = readConfig({ SMTP_URL: 'smtp://mail', MAIL_FROM: 'a@b.es', PORT: '3300' });
    const t = await appWith({ email: { ...configured!, pollMs: 3_600_000 } });
    expect(await progress(t)).toMatchObject({
      configurado: true,
      enlaces: { base: 'http://localhost:3300', local: true },
    });
  });
});

describe('PUBLIC_URL in the configuration', () => {
  it('is read and checked with or without email', () => {
    expect(readConfig({}).publicUrl).toBeUndefined();
    expect(readConfig({ PUBLIC_URL: '  ' }).publicUrl).toBeUndefined();
    expect(readConfig({ PUBLIC_URL: 'https://fiesta.example.org/' }).publicUrl).toBe(
      'https://fiesta.example.org',
    );
    for (const value of ['/relativa', 'ftp://fiesta.example.org', '/']) {
      expect(() => readConfig({ PUBLIC_URL: value }), value).toThrow(ConfigError);
    }
  });
});
