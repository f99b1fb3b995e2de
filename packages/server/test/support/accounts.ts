import { randomBytes } from 'node:crypto';
import type { AuthResponse, RegisterBody, Rol, User } from '@drinkflow/domain/auth';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/db/client';
import { sessions, users } from '../../src/db/schema';
import { createAuthService, toUser } from '../../src/modules/auth/service';
import { hashToken } from '../../src/modules/auth/tokens';
import type { TestServer } from './test-app';
import { HOUR } from './time';
import { uniqueAddress, uniqueEmail } from './unique-values';

export const TEST_PASSWORD = 'secreto-123';

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

export interface Account {
  user: User;
  token: string;
  headers: Record<string, string>;
}

/**
 * A user of `rol` with a live session, written straight to the database: password hashing and the
 * login route are the auth suites' business, and skipping them keeps these suites fast.
 */
export async function signIn(db: Db, rol: Rol = 'organizer', nombre = 'Prueba'): Promise<Account> {
  const [row] = await db
    .insert(users)
    .values({ email: uniqueEmail(rol), nombre, apellido: null, rol, passwordHash: 'sin-contraseña' })
    .returning();
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(sessions)
    .values({ userId: row!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 24 * HOUR) });
  return { user: toUser(row!), token, headers: authHeader(token) };
}
