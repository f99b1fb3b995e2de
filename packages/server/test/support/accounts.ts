import { randomBytes } from 'node:crypto';
import type { AuthResponse, RegisterBody, Rol, User } from '@drinkflow/domain/auth';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { createAuthService, toUser } from '../../src/modules/auth/service';
import type { TestServer } from './test-app';

export const TEST_PASSWORD = 'secreto-123';

let emailCounter = 0;
/** An email no other test (file, worker or run) uses. */
export const uniqueEmail = (prefix = 'usuario') =>
  `${prefix}.${process.pid}.${++emailCounter}.${randomBytes(3).toString('hex')}@example.com`;

let addressCounter = 0;
/**
 * A client address no other test of the file uses, so one test's failed logins or demo requests do
 * not count against another's (rate limits are per app, and each file has its own app).
 */
export const uniqueAddress = () => {
  const n = addressCounter++;
  return `10.0.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
};

export const authHeader = (token: string) => ({ authorization: `Bearer ${token}` });

export interface SignedIn {
  user: User;
  token: string;
  email: string;
  password: string;
}

/** Registers through the API (rol organizer unless overridden) and returns the new session. */
export async function register(app: TestServer, overrides: Partial<RegisterBody> = {}): Promise<SignedIn> {
  const body = {
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    nombre: 'Lucía',
    apellido: 'García',
    ...overrides,
  };
  // Each from its own address: registrations are limited per address and hour.
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
    remoteAddress: uniqueAddress(),
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const { user, token } = res.json<AuthResponse>();
  return { user, token, email: body.email, password: body.password };
}

/** Creates a user of any role (admin included) straight through the auth service, without a session. */
export async function createUser(
  db: Db,
  overrides: { rol?: Rol; email?: string; password?: string; nombre?: string; apellido?: string | null } = {},
): Promise<{ user: User; email: string; password: string }> {
  const values = {
    rol: 'organizer' as Rol,
    email: uniqueEmail(overrides.rol ?? 'organizer'),
    password: TEST_PASSWORD,
    nombre: 'Prueba',
    apellido: null,
    ...overrides,
  };
  const row = await createAuthService(db).createUser(values);
  return { user: toUser(row), email: values.email, password: values.password };
}

/** POST /api/auth/login, from `remoteAddress` when given (default 127.0.0.1). */
export function login(
  app: TestServer,
  credentials: { email: string; password: string },
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: credentials, remoteAddress });
}

/** A new user of `rol`, signed in through the API. */
export async function loginAs(t: { app: TestServer; db: Db }, rol: Rol): Promise<SignedIn> {
  const created = await createUser(t.db, { rol });
  const res = await login(t.app, created, uniqueAddress());
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const { user, token } = res.json<AuthResponse>();
  return { user, token, email: created.email, password: created.password };
}

/** Asserts an API error (docs/rules/api-conventions.md): the status, a JSON `{message, error}` body, no stack trace. */
export function expectApiError(res: LightMyRequestResponse, status: number, error?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<{ message: unknown; error: unknown; details?: unknown[] }>();
  expect(body).toMatchObject({ message: expect.any(String), error: expect.any(String) });
  expect((body.message as string).length).toBeGreaterThan(0);
  expect(res.body).not.toMatch(/stack|\n\s+at /);
  if (error !== undefined) expect(body.error).toBe(error);
  return body as { message: string; error: string; details?: { field: string; message: string }[] };
}

/** Asserts a 400 `validation_error` whose details name `field`; returns the body. */
export function expectValidationError(res: LightMyRequestResponse, field: string) {
  const body = expectApiError(res, 400, 'validation_error');
  expect(body.details).toEqual(
    expect.arrayContaining([expect.objectContaining({ field, message: expect.any(String) })]),
  );
  return body;
}
