import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { type Account, authHeader, signIn } from '../support/accounts';
import { call, expectApiError } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { adminRoutes, insertUser } from './fixtures';

let t: TestApp;
let admin: Account;
let targetId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.db, 'admin', 'Ana');
  targetId = (await insertUser(t.db, { rol: 'organizer', nombre: 'Objetivo' })).id;
});
afterAll(() => t.close());

const send = (route: ReturnType<typeof adminRoutes>[number], headers: Record<string, string>) =>
  t.app.inject({
    method: route.method,
    url: route.url,
    headers,
    ...('body' in route ? { payload: route.body } : {}),
  });

const rolOf = async (id: number) =>
  (await t.db.select({ rol: users.rol }).from(users).where(eq(users.id, id)))[0]!.rol;

describe('the admin API', () => {
  it('answers 401 to an anonymous caller and to an unknown token on every route', async () => {
    for (const route of adminRoutes(targetId)) {
      expectApiError(await send(route, {}), 401, 'unauthorized');
      expectApiError(await send(route, authHeader('token-que-no-existe')), 401, 'unauthorized');
    }
    expect(await rolOf(targetId)).toBe('organizer');
  });

  it('answers 403 to an organizer and to bar staff on every route, and changes nothing', async () => {
    for (const rol of ['organizer', 'scanner'] as const) {
      const someone = await signIn(t.db, rol);
      for (const route of adminRoutes(targetId)) {
        const body = expectApiError(await send(route, someone.headers), 403, 'forbidden');
        expect(body.message).toBe('No tienes permisos para realizar esta acción.');
      }
    }
    expect(await rolOf(targetId)).toBe('organizer');
  });

  it('refuses a non-admin before validating what they sent (403, not 400)', async () => {
    const organizer = await signIn(t.db, 'organizer');
    expectApiError(await call(t, organizer, 'GET', '/api/admin/users?limit=5000'), 403, 'forbidden');
    expectApiError(
      await call(t, organizer, 'PATCH', '/api/admin/users/abc', { rol: 'nadie' }),
      403,
      'forbidden',
    );
  });

  it('answers 200 to an admin on every route', async () => {
    for (const route of adminRoutes(targetId)) {
      const res = await send(route, admin.headers);
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(await rolOf(targetId)).toBe('scanner');
  });

  it('stops answering an admin who has been demoted, at once', async () => {
    const other = await signIn(t.db, 'admin', 'Otra');
    expect((await call(t, other, 'GET', '/api/admin/summary')).statusCode).toBe(200);

    const res = await call(t, admin, 'PATCH', `/api/admin/users/${other.user.id}`, { rol: 'organizer' });

    expect(res.statusCode, res.body).toBe(200);
    expectApiError(await call(t, other, 'GET', '/api/admin/summary'), 403, 'forbidden');
  });
});
