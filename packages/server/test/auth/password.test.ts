import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, login, register } from '../support/accounts';
import { expectApiError, expectValidationError } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { uniqueAddress } from '../support/unique-values';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const changePassword = (token: string | null, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/password',
    headers: token ? authHeader(token) : {},
    payload,
  });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeader(token) });

describe('PUT /api/auth/password', () => {
  it('answers 204; afterwards only the new password signs in', async () => {
    const { token, email, password } = await register(t.app);

    const res = await changePassword(token, { currentPassword: password, newPassword: 'nueva-clave' });

    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await login(t.app, { email, password }, uniqueAddress())).statusCode).toBe(401);
    expect((await login(t.app, { email, password: 'nueva-clave' }, uniqueAddress())).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 on currentPassword and keeps the old one', async () => {
    const { token, email, password } = await register(t.app);

    const res = await changePassword(token, { currentPassword: 'no-es-esta', newPassword: 'nueva-clave' });

    const body = expectValidationError(res, 'currentPassword');
    expect(body.message).toBe('La contraseña actual es incorrecta');
    expect((await login(t.app, { email, password }, uniqueAddress())).statusCode).toBe(200);
  });

  it('refuses a new password shorter than 6 characters', async () => {
    const { token, password } = await register(t.app);

    expectValidationError(
      await changePassword(token, { currentPassword: password, newPassword: '12345' }),
      'newPassword',
    );
  });

  it('refuses a new password longer than 200 characters', async () => {
    const { token, password } = await register(t.app);

    const res = await changePassword(token, { currentPassword: password, newPassword: 'x'.repeat(201) });

    expectValidationError(res, 'newPassword');
  });

  it('refuses a missing current password', async () => {
    const { token } = await register(t.app);

    expectValidationError(await changePassword(token, { newPassword: 'nueva-clave' }), 'currentPassword');
  });

  it('signs out the other sessions but keeps the current one', async () => {
    const { token, email, password } = await register(t.app);
    const other = (await login(t.app, { email, password }, uniqueAddress())).json().token as string;
    const bystander = await register(t.app);

    expect(
      (await changePassword(token, { currentPassword: password, newPassword: 'nueva-clave' })).statusCode,
    ).toBe(204);

    expect((await me(token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(bystander.token)).statusCode).toBe(200);
  });

  it('answers 401 JSON without a session', async () => {
    const res = await changePassword(null, { currentPassword: 'secreto-123', newPassword: 'nueva-clave' });

    expectApiError(res, 401, 'unauthorized');
  });
});
