import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema';
import { createAuthService } from '../../src/modules/auth/service';
import { hashToken } from '../../src/modules/auth/tokens';
import { authHeader, loginAs, register } from '../support/accounts';
import { expectApiError } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers });

const expireSession = (token: string, expiresAt: Date) =>
  t.db
    .update(sessions)
    .set({ expiresAt })
    .where(eq(sessions.tokenHash, hashToken(token)));

describe('GET /api/auth/me', () => {
  it('returns the signed-in user', async () => {
    const { user, token } = await register(t.app, { nombre: 'Martina', apellido: 'López' });

    const res = await me(authHeader(token));

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user });
    expect(user).toMatchObject({ nombre: 'Martina', apellido: 'López', rol: 'organizer' });
  });

  it('returns an admin created outside the public registration', async () => {
    const { user, token } = await loginAs(t, 'admin');

    const res = await me(authHeader(token));

    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({ ...user, rol: 'admin' });
  });

  it('accepts the scheme in any letter case', async () => {
    const { token } = await register(t.app);

    expect((await me({ authorization: `bearer ${token}` })).statusCode).toBe(200);
  });

  it('answers 401 JSON without an Authorization header', async () => {
    expectApiError(await me(), 401, 'unauthorized');
  });

  it('answers 401 JSON to a malformed Authorization header', async () => {
    const { token } = await register(t.app);
    for (const authorization of [token, `Basic ${token}`, 'Bearer', 'Bearer ', `Bearer ${token} extra`]) {
      expectApiError(await me({ authorization }), 401, 'unauthorized');
    }
  });

  it('answers 401 JSON to an unknown token', async () => {
    expectApiError(await me(authHeader('token-que-no-existe-en-ninguna-parte')), 401, 'unauthorized');
  });

  it('answers 401 to an expired token', async () => {
    const { token } = await register(t.app);
    await expireSession(token, new Date(Date.now() - 1000));

    expectApiError(await me(authHeader(token)), 401, 'unauthorized');
  });

  it('accepts a token until it expires', async () => {
    const { token } = await register(t.app);
    await expireSession(token, new Date(Date.now() + 60_000));

    expect((await me(authHeader(token))).statusCode).toBe(200);
  });

  it('gives sessions 30 days', async () => {
    const { token } = await register(t.app);
    const auth = (now: Date) => createAuthService(t.db, { now: () => now }).authenticate(token);
    const day = 24 * 60 * 60 * 1000;

    expect(await auth(new Date(Date.now() + 29 * day))).not.toBeNull();
    expect(await auth(new Date(Date.now() + 30 * day + 60_000))).toBeNull();
  });

  it('answers 401 to a token revoked by logout', async () => {
    const { token } = await register(t.app);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: authHeader(token),
    });
    expect(logout.statusCode).toBe(204);

    expectApiError(await me(authHeader(token)), 401, 'unauthorized');
  });
});
