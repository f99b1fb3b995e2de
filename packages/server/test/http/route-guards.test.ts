import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { authHeader, loginAs } from '../support/accounts';
import { openTestDatabase } from '../support/database';

// Every /api route is taken from the route table as the app declares it, so a new module cannot
// ship unguarded: anonymous callers get 401 and bar staff 403, except on the routes listed here.

/** Open to anyone. */
const publicRoutes = new Set([
  'GET /api/config',
  // Load balancers and monitors (docs/rules/operations.md).
  'GET /api/health',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/demo-request',
  // The bar scanner: the event's API key is the credential (docs/rules/scanner.md).
  'GET /api/scanner/:apiKey/event',
  'GET /api/scanner/:apiKey/ticket/:qrCode',
  'GET /api/scanner/:apiKey/offline',
  'POST /api/scanner/:apiKey/consume',
  'POST /api/scanner/:apiKey/undo',
  // A guest's own ticket: the link's secret is the credential (docs/rules/guests.md).
  'GET /api/t/:token',
  'GET /api/t/:token/stream',
  // A team invitation: its token is the credential; with a session it joins that account (docs/rules/team.md).
  'GET /api/invitaciones/:token',
  'POST /api/invitaciones/:token/aceptar',
  // Pairing a scanner: the pairing code is the credential (docs/rules/devices.md).
  'POST /api/dispositivos/emparejar',
]);

/** Any signed-in account, bar staff included: their own session and profile. */
const anyAccountRoutes = new Set([
  'GET /api/auth/me',
  'POST /api/auth/logout',
  'PUT /api/auth/profile',
  'PUT /api/auth/password',
  // The staff home: the events of the teams the account is on (docs/rules/team.md).
  'GET /api/barra/eventos',
]);

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
const routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    db: database.db,
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (route.url.startsWith('/api/') && method !== 'HEAD') routes.push({ method, url: route.url });
      }
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
/** A concrete path for a route pattern: every parameter becomes 1. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');
const guarded = () => routes.filter((route) => !publicRoutes.has(key(route)));

function send(route: { method: string; url: string }, headers: Record<string, string> = {}) {
  const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return app.inject({
    method: route.method as 'GET',
    url: concrete(route.url),
    headers,
    ...(withBody ? { payload: {} } : {}),
  });
}

describe('the route table', () => {
  it('holds every area of the API, and every listed exception exists', () => {
    const declared = new Set(routes.map(key));
    expect(routes.length).toBeGreaterThan(20);
    for (const exception of [...publicRoutes, ...anyAccountRoutes]) expect(declared).toContain(exception);
  });

  it('answers 401 to an anonymous caller on every route that is not public', async () => {
    const failures: string[] = [];
    for (const route of guarded()) {
      const res = await send(route);
      if (res.statusCode !== 401 || res.json().error !== 'unauthorized') {
        failures.push(`${key(route)} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to an invalid token on every route that is not public', async () => {
    const failures: string[] = [];
    for (const route of guarded()) {
      const res = await send(route, authHeader('token-que-no-existe'));
      if (res.statusCode !== 401) failures.push(`${key(route)} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to bar staff on every organizer and admin route', async () => {
    const scanner = await loginAs({ app, db: database.db }, 'scanner');
    const failures: string[] = [];
    for (const route of guarded().filter((candidate) => !anyAccountRoutes.has(key(candidate)))) {
      const res = await send(route, authHeader(scanner.token));
      if (res.statusCode !== 403 || res.json().error !== 'forbidden') {
        failures.push(`${key(route)} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
