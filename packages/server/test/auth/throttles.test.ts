import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { authHeader, login, register } from '../support/accounts';
import { expectApiError } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { uniqueAddress, uniqueEmail } from '../support/unique-values';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const registerFrom = (remoteAddress: string, email = uniqueEmail('registro')) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'secreto-123', nombre: 'Prueba' },
    remoteAddress,
  });

const changePassword = (token: string, currentPassword: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/password',
    headers: authHeader(token),
    payload: { currentPassword, newPassword: 'otra-clave-1' },
  });

const usersNamed = async (email: string) => {
  const [row] = await t.db
    .select({ n: count() })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row!.n;
};

function expectRetryAfter(res: { headers: Record<string, unknown> }, maxSeconds: number) {
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe('registration limit (20 accounts per address and hour)', () => {
  it('answers 429 with Retry-After on the 21st registration and creates no account', async () => {
    const address = uniqueAddress();
    for (let n = 0; n < 20; n++) expect((await registerFrom(address)).statusCode).toBe(201);

    const email = uniqueEmail('sobrante');
    const refused = await registerFrom(address, email);

    expectApiError(refused, 429, 'rate_limited');
    expectRetryAfter(refused, 60 * 60);
    expect(await usersNamed(email)).toBe(0);
    expect((await registerFrom(uniqueAddress())).statusCode).toBe(201);
  });

  it('lets at most 20 of 40 simultaneous registrations from one address through', async () => {
    const address = uniqueAddress();

    const responses = await Promise.all(Array.from({ length: 40 }, () => registerFrom(address)));

    const created = responses.filter((res) => res.statusCode === 201).length;
    const limited = responses.filter((res) => res.statusCode === 429).length;
    expect(created).toBeLessThanOrEqual(20);
    expect(created + limited).toBe(40);
  });
});

describe('password change limit (10 wrong current passwords per account in 15 minutes)', () => {
  it('answers 429 after 10 wrong current passwords, even to the right one', async () => {
    const { token, password } = await register(t.app);
    for (let n = 0; n < 10; n++) expect((await changePassword(token, 'no-es-esta')).statusCode).toBe(400);

    const refused = await changePassword(token, password);

    expectApiError(refused, 429, 'rate_limited');
    expectRetryAfter(refused, 15 * 60);
  });

  it('lets at most 10 of 30 simultaneous guesses be checked', async () => {
    const { token } = await register(t.app);

    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, n) => changePassword(token, `intento-${n}`)),
    );

    const checked = responses.filter((res) => res.statusCode === 400).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked + responses.filter((res) => res.statusCode === 429).length).toBe(30);
  });

  it('does not count a correct current password', async () => {
    const { token, password } = await register(t.app);
    for (let n = 0; n < 9; n++) await changePassword(token, 'no-es-esta');

    expect((await changePassword(token, password)).statusCode).toBe(204);
    expect((await changePassword(token, 'otra-clave-1')).statusCode).toBe(204);
  });

  it('limits each account on its own', async () => {
    const first = await register(t.app);
    const second = await register(t.app);
    for (let n = 0; n < 10; n++) await changePassword(first.token, 'no-es-esta');

    expect((await changePassword(second.token, second.password)).statusCode).toBe(204);
  });
});

describe('Cache-Control on API answers', () => {
  it('marks token-bearing and personal answers no-store', async () => {
    const signedUp = await registerFrom(uniqueAddress(), uniqueEmail('cache'));
    const { token } = signedUp.json<{ token: string }>();
    const { email } = signedUp.json<{ user: { email: string } }>().user;
    const signedIn = await login(t.app, { email, password: 'secreto-123' }, uniqueAddress());
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeader(token) });
    const failed = await login(t.app, { email, password: 'mala' }, uniqueAddress());

    for (const res of [signedUp, signedIn, me, failed]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
