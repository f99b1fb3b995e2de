import {
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES_PER_EMAIL,
  LOGIN_MAX_FAILURES_PER_IP,
  SESSION_DAYS,
  type LoginBody,
  type PasswordBody,
  type Rol,
  type User,
} from '@drinkflow/domain/auth';
import type { z } from 'zod';
import type { profileBody, registerBody } from '@drinkflow/domain/auth';
import { and, count, eq, gt, min, ne, sql } from 'drizzle-orm';
import { errorCodes } from '@drinkflow/domain/errors';
import type { Db } from '../../db/client';
import { loginFailures, sessions, users } from '../../db/schema';
import { HttpError, badRequest, conflict, isUniqueViolation, unauthorized } from '../../http/errors';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { hashToken, randomSecret } from './tokens';

const EMAIL_TAKEN = 'Ya existe una cuenta con este email';
const INVALID_CREDENTIALS = 'Credenciales inválidas. Verifica tu email y contraseña.';
const DAY_MS = 24 * 60 * 60 * 1000;

type UserRow = typeof users.$inferSelect;

export const toUser = (row: UserRow): User => ({
  id: row.id,
  nombre: row.nombre,
  apellido: row.apellido,
  email: row.email,
  rol: row.rol,
});

const emailTaken = () => conflict(EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
const sameEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

export function createAuthService(db: Db, now: () => Date = () => new Date()) {
  async function startSession(userId: number): Promise<string> {
    const token = randomSecret();
    await db.insert(sessions).values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(now().getTime() + SESSION_DAYS * DAY_MS),
    });
    return token;
  }

  async function insertUser(values: {
    email: string;
    password: string;
    nombre: string;
    apellido: string | null;
    rol: Rol;
  }): Promise<UserRow> {
    const passwordHash = await hashPassword(values.password);
    try {
      const [row] = await db
        .insert(users)
        .values({
          email: values.email,
          nombre: values.nombre,
          apellido: values.apellido,
          rol: values.rol,
          passwordHash,
        })
        .returning();
      return row!;
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_lower_unique')) throw emailTaken();
      throw error;
    }
  }

  /** Refuses when this email or address already has too many recent failures (DECISIONS §2). */
  async function assertNotRateLimited(email: string, ip: string): Promise<void> {
    const since = new Date(now().getTime() - LOGIN_FAILURE_WINDOW_MINUTES * 60_000);
    const [byEmail] = await db
      .select({ failures: count(), oldest: min(loginFailures.createdAt) })
      .from(loginFailures)
      .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since)));
    const [byIp] = await db
      .select({ failures: count(), oldest: min(loginFailures.createdAt) })
      .from(loginFailures)
      .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
    const blocking = [
      byEmail!.failures >= LOGIN_MAX_FAILURES_PER_EMAIL ? byEmail!.oldest : null,
      byIp!.failures >= LOGIN_MAX_FAILURES_PER_IP ? byIp!.oldest : null,
    ].filter((oldest): oldest is Date => oldest !== null);
    if (blocking.length === 0) return;
    const freeAt =
      Math.max(...blocking.map((oldest) => new Date(oldest).getTime())) +
      LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
    const retryAfter = Math.max(1, Math.ceil((freeAt - now().getTime()) / 1000));
    throw new HttpError(
      429,
      errorCodes.rateLimited,
      'Demasiados intentos fallidos de inicio de sesión. Espera unos minutos y vuelve a intentarlo.',
      undefined,
      { 'retry-after': String(retryAfter) },
    );
  }

  return {
    async register(body: z.output<typeof registerBody>) {
      const row = await insertUser(body);
      return { user: toUser(row), token: await startSession(row.id) };
    },

    /** Creates a user of any role: demo seed and admin tooling, never the public register route. */
    createUser: insertUser,

    async login(body: LoginBody, ip: string) {
      const email = body.email.toLowerCase();
      await assertNotRateLimited(email, ip);
      const [row] = await db.select().from(users).where(sameEmail(email)).limit(1);
      const valid = row
        ? await verifyPassword(row.passwordHash, body.password)
        : (await verifyPassword(await decoyPasswordHash(), body.password)) && false;
      if (!row || !valid) {
        await db.insert(loginFailures).values({ email, ip, createdAt: now() });
        throw unauthorized(INVALID_CREDENTIALS);
      }
      return { user: toUser(row), token: await startSession(row.id) };
    },

    /** The user behind a bearer token, or null when it is unknown, revoked or expired. */
    async authenticate(token: string): Promise<User | null> {
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now())))
        .limit(1);
      return row ? toUser(row.user) : null;
    },

    async logout(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },

    async updateProfile(userId: number, body: z.output<typeof profileBody>): Promise<User> {
      const [clash] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sameEmail(body.email), ne(users.id, userId)))
        .limit(1);
      if (clash) throw emailTaken();
      try {
        const [row] = await db
          .update(users)
          .set({ nombre: body.nombre, apellido: body.apellido, email: body.email, updatedAt: now() })
          .where(eq(users.id, userId))
          .returning();
        if (!row) throw unauthorized();
        return toUser(row);
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_lower_unique')) throw emailTaken();
        throw error;
      }
    },

    /** Changes the password and signs out every other session of the user (kept: `keepToken`). */
    async changePassword(userId: number, body: PasswordBody, keepToken: string): Promise<void> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!row) throw unauthorized();
      if (!(await verifyPassword(row.passwordHash, body.currentPassword))) {
        const message = 'La contraseña actual es incorrecta';
        throw badRequest(message, [{ field: 'currentPassword', message }]);
      }
      const passwordHash = await hashPassword(body.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: now() }).where(eq(users.id, userId));
        await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken))));
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
