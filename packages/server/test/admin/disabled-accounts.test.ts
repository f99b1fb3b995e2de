import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, throttleAttempts, users } from '../../src/db/schema';
import { type Account, authHeader, createUser, login, loginAs, signIn } from '../support/accounts';
import { call, expectApiError } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { uniqueAddress } from '../support/unique-values';

const DISABLED = 'Tu cuenta está desactivada. Contacta con el administrador.';
const INVALID_CREDENTIALS = 'Credenciales inválidas. Verifica tu email y contraseña.';

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.db, 'admin', 'Ana');
});
afterAll(() => t.close());

const setActive = (id: number, activo: boolean) =>
  call(t, admin, 'PATCH', `/api/admin/users/${id}`, { activo });

const failuresOf = async (email: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(throttleAttempts)
      .where(and(eq(throttleAttempts.bucket, 'login:email'), eq(throttleAttempts.key, email.toLowerCase())))
  )[0]!.n;

describe('a disabled account', () => {
  it('cannot log in: the right password answers 403 with the message, and no session is made', async () => {
    const account = await createUser(t.db, { rol: 'organizer' });
    expect((await setActive(account.user.id, false)).statusCode).toBe(200);

    const body = expectApiError(await login(t.app, account, uniqueAddress()), 403, 'account_disabled');

    expect(body.message).toBe(DISABLED);
    const [sessionCount] = await t.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, account.user.id));
    expect(sessionCount!.n).toBe(0);
  });

  it('does not tell someone with a wrong password that it is disabled (401, counted as a failure)', async () => {
    const account = await createUser(t.db, { rol: 'scanner' });
    await setActive(account.user.id, false);

    const body = expectApiError(
      await login(t.app, { email: account.email, password: 'no-es-esta' }, uniqueAddress()),
      401,
    );

    expect(body.message).toBe(INVALID_CREDENTIALS);
    expect(await failuresOf(account.email)).toBe(1);
  });

  it('keeps the login limit: the right password is not counted, and a blocked email answers 429 first', async () => {
    const account = await createUser(t.db, { rol: 'organizer' });
    await setActive(account.user.id, false);
    expectApiError(await login(t.app, account, uniqueAddress()), 403);
    expect(await failuresOf(account.email)).toBe(0);

    for (let n = 0; n < 10; n++) {
      await login(t.app, { email: account.email, password: 'no-es-esta' }, uniqueAddress());
    }
    expectApiError(await login(t.app, account, uniqueAddress()), 429, 'rate_limited');
  });

  it('loses its open sessions at once: every call answers 401, on every session', async () => {
    const first = await loginAs(t, 'organizer');
    const second = await login(t.app, first, uniqueAddress());
    const secondToken = second.json<{ token: string }>().token;
    expect((await t.app.inject({ url: '/api/auth/me', headers: authHeader(first.token) })).statusCode).toBe(
      200,
    );

    await setActive(first.user.id, false);

    for (const token of [first.token, secondToken]) {
      for (const url of ['/api/auth/me', `/api/eventos/${first.user.id}`]) {
        expectApiError(await t.app.inject({ url, headers: authHeader(token) }), 401, 'unauthorized');
      }
    }
  });

  it('refuses a session that survived somehow (created while it was being disabled)', async () => {
    const account = await signIn(t.db, 'organizer');
    // As if a login had been verifying the password while the admin disabled the account.
    await t.db.update(users).set({ activo: false }).where(eq(users.id, account.user.id));

    expectApiError(await call(t, account, 'GET', '/api/auth/me'), 401, 'unauthorized');
  });

  it('can log in again once enabled', async () => {
    const account = await createUser(t.db, { rol: 'organizer' });
    await setActive(account.user.id, false);
    expectApiError(await login(t.app, account, uniqueAddress()), 403);

    expect((await setActive(account.user.id, true)).statusCode).toBe(200);

    const res = await login(t.app, account, uniqueAddress());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toEqual(account.user);
  });
});
