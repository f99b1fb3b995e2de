import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, login, register } from '../support/accounts';
import { expectApiError, expectValidationError } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/unique-values';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const updateProfile = (token: string | null, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/profile',
    headers: token ? authHeader(token) : {},
    payload,
  });

describe('PUT /api/auth/profile', () => {
  it('updates nombre, apellido and email, trimmed, and returns the user', async () => {
    const { user, token, password } = await register(t.app);
    const email = uniqueEmail('nuevo');

    const res = await updateProfile(token, { nombre: '  Sofía ', apellido: ' Gómez  ', email: ` ${email} ` });

    expect(res.statusCode).toBe(200);
    const updated = { id: user.id, nombre: 'Sofía', apellido: 'Gómez', email, rol: user.rol };
    expect(res.json()).toEqual({ user: updated });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeader(token) });
    expect(me.json().user).toEqual(updated);
    expect((await login(t.app, { email, password })).statusCode).toBe(200);
  });

  it('clears apellido when it is sent empty or left out', async () => {
    const { user, token } = await register(t.app, { apellido: 'Díaz' });

    const res = await updateProfile(token, { nombre: 'Julia', email: user.email });

    expect(res.statusCode).toBe(200);
    expect(res.json().user.apellido).toBeNull();
  });

  it('keeps working when the email stays the same', async () => {
    const { user, token } = await register(t.app);

    const res = await updateProfile(token, { nombre: 'Otro nombre', email: user.email });

    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ nombre: 'Otro nombre', email: user.email });
  });

  it("refuses another user's email, in any letter case, with 409", async () => {
    const taken = await register(t.app);
    const { user, token } = await register(t.app);

    const res = await updateProfile(token, { nombre: 'Pablo', email: taken.email.toUpperCase() });

    const body = expectApiError(res, 409, 'conflict');
    expect(body.message).toBe('Ya existe una cuenta con este email');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeader(token) });
    expect(me.json().user).toEqual(user);
  });

  it('refuses an invalid email with 400', async () => {
    const { token } = await register(t.app);

    expectValidationError(await updateProfile(token, { nombre: 'Pablo', email: 'pablo@' }), 'email');
  });

  it('refuses a missing nombre with 400', async () => {
    const { user, token } = await register(t.app);

    expectValidationError(await updateProfile(token, { nombre: '  ', email: user.email }), 'nombre');
  });

  it('answers 401 JSON without a session', async () => {
    expectApiError(await updateProfile(null, { nombre: 'Pablo', email: uniqueEmail() }), 401, 'unauthorized');
  });
});
