import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, login, register } from '../support/accounts';
import { expectApiError } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const logout = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeader(token) });

describe('POST /api/auth/logout', () => {
  it('answers 204 with no body and revokes the token at once', async () => {
    const { token } = await register(t.app);

    const res = await logout(authHeader(token));

    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await me(token)).statusCode).toBe(401);
  });

  it('revokes only that token: another session of the same user keeps working', async () => {
    const { token, email, password } = await register(t.app);
    const other = (await login(t.app, { email, password })).json().token as string;

    expect((await logout(authHeader(token))).statusCode).toBe(204);

    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('answers 401 a second time with the same token', async () => {
    const { token } = await register(t.app);
    expect((await logout(authHeader(token))).statusCode).toBe(204);

    expectApiError(await logout(authHeader(token)), 401, 'unauthorized');
  });

  it('answers 401 JSON without a token', async () => {
    expectApiError(await logout(), 401, 'unauthorized');
  });
});
