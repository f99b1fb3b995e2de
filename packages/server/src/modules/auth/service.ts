import { accountDisabled } from '@drinkflow/domain/admin';
import type { LoginBody, PasswordBody, Rol, User } from '@drinkflow/domain/auth';
import type { z } from 'zod';
import type { profileBody, registerBody } from '@drinkflow/domain/auth';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventoMiembros, sessions, users } from '../../db/schema';
import { HttpError, badRequest, conflict, isUniqueViolation, unauthorized } from '../../http/errors';
import { SESSION_DAYS, loginLimits, passwordChangeLimits, registrationLimits } from './limits';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { createThrottle } from '../../http/rate-limits';
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

export interface AuthServiceOptions {
  now?: () => Date;
  /** Accounts one client address may create per hour (REGISTRATIONS_PER_HOUR). */
  registrationsPerAddress?: number;
}

export function createAuthService(db: Db, options: AuthServiceOptions = {}) {
  const now = options.now ?? (() => new Date());
  const throttle = createThrottle(db, now);
  const registrationsPerAddress = options.registrationsPerAddress ?? registrationLimits.defaultPerAddress;

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

  return {
    async register(body: z.output<typeof registerBody>, ip: string) {
      // Counted before hashing: the limit is there to bound argon2 work per address.
      await throttle.take(
        [{ bucket: 'register:address', key: ip, max: registrationsPerAddress }],
        registrationLimits.policy,
      );
      const row = await insertUser(body);
      return { user: toUser(row), token: await startSession(row.id) };
    },

    /** Creates a user of any role: demo seed and admin tooling, never the public register route. */
    createUser: insertUser,

    /**
     * Every attempt is recorded as a failure before the password is checked, in one locked
     * transaction with the count, so simultaneous attempts cannot pass the limit; a correct
     * password then takes its attempt back (docs/rules/accounts-and-roles.md: successful logins do not count).
     * A disabled account is told so only after the password proved right, so the answer reveals
     * nothing to someone guessing (docs/rules/accounts-and-roles.md).
     */
    async login(body: LoginBody, ip: string) {
      const email = body.email.toLowerCase();
      const attempt = await throttle.take(
        [
          { bucket: 'login:email', key: email, max: loginLimits.perEmail },
          { bucket: 'login:address', key: ip, max: loginLimits.perAddress },
        ],
        loginLimits.policy,
      );
      const [row] = await db.select().from(users).where(sameEmail(email)).limit(1);
      const valid = row
        ? await verifyPassword(row.passwordHash, body.password)
        : (await verifyPassword(await decoyPasswordHash(), body.password)) && false;
      if (!row || !valid) throw unauthorized(INVALID_CREDENTIALS);
      await attempt.forgive();
      if (!row.activo) throw new HttpError(403, accountDisabled.error, accountDisabled.message);
      return { user: toUser(row), token: await startSession(row.id) };
    },

    /**
     * The user behind a bearer token, or null when it is unknown, revoked or expired, or its account
     * is disabled (disabling deletes the sessions too; this holds even for one created meanwhile).
     */
    async authenticate(token: string): Promise<User | null> {
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, hashToken(token)),
            gt(sessions.expiresAt, now()),
            eq(users.activo, true),
          ),
        )
        .limit(1);
      return row ? toUser(row.user) : null;
    },

    /** Whether the user is on some event's team (docs/rules/team.md); pending invitations do not count. */
    async onAnyTeam(userId: number): Promise<boolean> {
      const [member] = await db
        .select({ id: eventoMiembros.id })
        .from(eventoMiembros)
        .where(eq(eventoMiembros.usuarioId, userId))
        .limit(1);
      return member !== undefined;
    },

    startSession,

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
      const attempt = await throttle.take(
        [{ bucket: 'password:user', key: String(userId), max: passwordChangeLimits.perUser }],
        passwordChangeLimits.policy,
      );
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!row) throw unauthorized();
      if (!(await verifyPassword(row.passwordHash, body.currentPassword))) {
        const message = 'La contraseña actual es incorrecta';
        throw badRequest(message, [{ field: 'currentPassword', message }]);
      }
      await attempt.forgive();
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
