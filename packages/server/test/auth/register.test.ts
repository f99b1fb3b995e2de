import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, TEST_PASSWORD } from '../support/accounts';
import { expectApiError, expectValidationError } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/unique-values';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload });

const valid = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  password: TEST_PASSWORD,
  nombre: 'Lucía',
  apellido: 'García',
  ...overrides,
});

describe('POST /api/auth/register', () => {
  it('creates an organizer by default and returns 201 with the user and a working token', async () => {
    const body = valid();
    const res = await register(body);

    expect(res.statusCode).toBe(201);
    const { user, token } = res.json();
    expect(user).toEqual({
      id: expect.any(Number),
      nombre: 'Lucía',
      apellido: 'García',
      email: body.email,
      rol: 'organizer',
    });
    expect(token).toEqual(expect.any(String));
    expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits, base64url

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeader(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toEqual(user);
  });

  it('never returns the password or its hash', async () => {
    const res = await register(valid({ password: 'contraseña-muy-secreta' }));

    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json().user).sort()).toEqual(['apellido', 'email', 'id', 'nombre', 'rol']);
    expect(res.body).not.toMatch(/password|contraseña-muy-secreta|\$argon2/i);
  });

  it('lets bar staff register as scanner', async () => {
    const res = await register(valid({ rol: 'scanner' }));

    expect(res.statusCode).toBe(201);
    expect(res.json().user.rol).toBe('scanner');
  });

  it('refuses to create an admin account', async () => {
    const email = uniqueEmail();
    expectValidationError(await register(valid({ email, rol: 'admin' })), 'rol');

    // and nothing was created: the same email can still register
    expect((await register(valid({ email }))).statusCode).toBe(201);
  });

  it('refuses an unknown role', async () => {
    expectValidationError(await register(valid({ rol: 'superuser' })), 'rol');
  });

  it('refuses an invalid email', async () => {
    expectValidationError(await register(valid({ email: 'no-es-un-email' })), 'email');
  });

  it('refuses a missing email', async () => {
    const { email: _email, ...body } = valid();
    expectValidationError(await register(body), 'email');
  });

  it('refuses a password shorter than 6 characters', async () => {
    expectValidationError(await register(valid({ password: '12345' })), 'password');
  });

  it('accepts a password of exactly 6 characters', async () => {
    expect((await register(valid({ password: '123456' }))).statusCode).toBe(201);
  });

  it('refuses a password longer than 200 characters', async () => {
    expectValidationError(await register(valid({ password: 'x'.repeat(201) })), 'password');
  });

  it('refuses a missing or blank nombre', async () => {
    const { nombre: _nombre, ...body } = valid();
    expectValidationError(await register(body), 'nombre');
    expectValidationError(await register(valid({ nombre: '   ' })), 'nombre');
  });

  it('reports every invalid field at once', async () => {
    const body = expectValidationError(await register({ email: 'x', password: '1' }), 'email');
    const fields = body.details!.map((detail) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'password', 'nombre']));
  });

  it('trims the text fields and stores an empty apellido as null', async () => {
    const email = uniqueEmail();
    const res = await register(valid({ email: `  ${email}  `, nombre: '  Hugo  ', apellido: '   ' }));

    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email, nombre: 'Hugo', apellido: null });
  });

  it('refuses an email that is already registered in another letter case with 409', async () => {
    const email = uniqueEmail('duplicado');
    expect((await register(valid({ email }))).statusCode).toBe(201);

    const res = await register(valid({ email: email.toUpperCase() }));

    const body = expectApiError(res, 409, 'conflict');
    expect(body.message).toBe('Ya existe una cuenta con este email');
  });
});
