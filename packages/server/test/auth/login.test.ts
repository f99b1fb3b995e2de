import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleAttempts } from '../../src/db/schema';
import { authHeader, createUser, login } from '../support/accounts';
import { expectApiError, expectValidationError } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { uniqueAddress, uniqueEmail } from '../support/unique-values';

const INVALID_CREDENTIALS = 'Credenciales inválidas. Verifica tu email y contraseña.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** `times` failed logins (wrong password) for `email`, each expected to be a plain 401. */
async function failLogins(email: string, times: number, remoteAddress = uniqueAddress()) {
  for (let attempt = 0; attempt < times; attempt++) {
    const res = await login(t.app, { email, password: 'contraseña-equivocada' }, remoteAddress);
    expect(res.statusCode, `attempt ${attempt + 1}: ${res.body}`).toBe(401);
  }
}

function expectRateLimited(res: Awaited<ReturnType<typeof login>>) {
  expectApiError(res, 429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

describe('POST /api/auth/login', () => {
  it('returns 200 with the user and a token that works on /api/auth/me', async () => {
    const { user, email, password } = await createUser(t.db, { nombre: 'Hugo' });

    const res = await login(t.app, { email, password });

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual(user);
    expect(res.body).not.toMatch(/password|\$argon2/i);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeader(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toEqual(user);
  });

  it('signs in every role, admin included', async () => {
    for (const rol of ['admin', 'organizer', 'scanner'] as const) {
      const { email, password } = await createUser(t.db, { rol });
      const res = await login(t.app, { email, password }, uniqueAddress());
      expect(res.statusCode).toBe(200);
      expect(res.json().user.rol).toBe(rol);
    }
  });

  it('compares the email case-insensitively and ignores surrounding spaces', async () => {
    const { user, email, password } = await createUser(t.db);

    const res = await login(t.app, { email: `  ${email.toUpperCase()} `, password });

    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
  });

  it('refuses a wrong password with 401 and the invalid-credentials message', async () => {
    const { email } = await createUser(t.db);

    const body = expectApiError(await login(t.app, { email, password: 'otra-cosa' }, uniqueAddress()), 401);

    expect(body.message).toBe(INVALID_CREDENTIALS);
  });

  it('refuses an unknown email with exactly the same answer', async () => {
    const body = expectApiError(
      await login(t.app, { email: uniqueEmail('nadie'), password: 'otra-cosa' }, uniqueAddress()),
      401,
    );

    expect(body.message).toBe(INVALID_CREDENTIALS);
  });

  it('refuses a missing email or password with 400', async () => {
    expectValidationError(await login(t.app, { email: '', password: 'x' }), 'email');
    expectValidationError(await login(t.app, { email: uniqueEmail(), password: '' }), 'password');
  });

  it('blocks an email after 10 failures in 15 minutes, even with the right password, with retry-after', async () => {
    const { email, password } = await createUser(t.db);
    await failLogins(email, 10);

    // From another address too: the limit is on the account.
    expectRateLimited(await login(t.app, { email, password }, uniqueAddress()));
  });

  it('counts failures for one email whatever its letter case', async () => {
    const { email, password } = await createUser(t.db);
    await failLogins(email.toUpperCase(), 5);
    await failLogins(email, 5);

    expectRateLimited(await login(t.app, { email, password }, uniqueAddress()));
  });

  it('keeps other emails working while one email is blocked', async () => {
    const blocked = await createUser(t.db);
    const other = await createUser(t.db);
    const address = uniqueAddress();
    await failLogins(blocked.email, 10, address);

    expectRateLimited(await login(t.app, blocked, address));
    expect((await login(t.app, other, address)).statusCode).toBe(200);
  });

  it('allows the email again once its failures are older than 15 minutes', async () => {
    const { email, password } = await createUser(t.db);
    await failLogins(email, 10);
    expectRateLimited(await login(t.app, { email, password }, uniqueAddress()));

    await t.db
      .update(throttleAttempts)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(and(eq(throttleAttempts.bucket, 'login:email'), eq(throttleAttempts.key, email.toLowerCase())));

    expect((await login(t.app, { email, password }, uniqueAddress())).statusCode).toBe(200);
  });

  it('blocks an address after 50 failures in 15 minutes, whatever the emails', async () => {
    const address = uniqueAddress();
    for (let attempt = 0; attempt < 50; attempt++) {
      const res = await login(t.app, { email: uniqueEmail('intruso'), password: 'x' }, address);
      expect(res.statusCode, `attempt ${attempt + 1}`).toBe(401);
    }
    const { email, password } = await createUser(t.db);

    expectRateLimited(await login(t.app, { email, password }, address));
    // The same account from another address is fine.
    expect((await login(t.app, { email, password }, uniqueAddress())).statusCode).toBe(200);
  });

  it('does not count successful logins', async () => {
    const { email, password } = await createUser(t.db);
    const address = uniqueAddress();
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await login(t.app, { email, password }, address)).statusCode).toBe(200);
    }
    await failLogins(email, 9, address);

    expect((await login(t.app, { email, password }, address)).statusCode).toBe(200);
  });
});
