import type { User } from '@drinkflow/domain/auth';
import {
  acceptInvitationBody,
  teamMessages,
  type InvitationInfo,
  type TeamMember,
} from '@drinkflow/domain/team';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { eventoMiembros, eventos, users } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors';
import { hashPassword, hashToken } from '../auth';
import { toMember } from './members';

/** A new account's fields, all required when nobody is signed in (docs/rules/team.md). */
const newAccountBody = acceptInvitationBody.required({ nombre: true, password: true });
type AcceptBody = z.output<typeof acceptInvitationBody>;

const invalid = () => notFound(teamMessages.invitationInvalid);
const emailTaken = () =>
  conflict(teamMessages.emailTaken, [{ field: 'email', message: teamMessages.emailTaken }]);

/**
 * Invitations to an event's team (docs/rules/team.md, docs/decisions/059): a 256-bit token whose
 * sha-256 alone is stored, valid INVITATION_DAYS, used once. Accepting is one conditional UPDATE
 * (still unused, still valid) so two acceptances at once cannot both join.
 */
export function createInvitationService(
  db: Db,
  startSession: (userId: number) => Promise<string>,
  clock?: () => Date,
) {
  const now = clock ?? (() => new Date());
  const open = (token: string) =>
    and(
      eq(eventoMiembros.invitacionHash, hashToken(token)),
      isNull(eventoMiembros.usuarioId),
      gt(eventoMiembros.invitacionCaducaEn, now()),
    );

  async function openInvitation(token: string) {
    const [row] = await db.select().from(eventoMiembros).where(open(token)).limit(1);
    if (!row) throw invalid();
    return row;
  }

  /** Joins `userId` by the still-open invitation, or 404 when another acceptance won. */
  async function join(executor: Db | Tx, token: string, userId: number) {
    const [row] = await executor
      .update(eventoMiembros)
      .set({ usuarioId: userId, invitacionHash: null, invitacionCaducaEn: null })
      .where(open(token))
      .returning();
    if (!row) throw invalid();
    return row;
  }

  return {
    async info(token: string): Promise<InvitationInfo> {
      const row = await openInvitation(token);
      const [evento] = await db
        .select({
          id: eventos.id,
          nombre: eventos.nombre,
          fechaInicio: eventos.fechaInicio,
          fechaFin: eventos.fechaFin,
          organizador: sql<string>`trim(${users.nombre} || ' ' || coalesce(${users.apellido}, ''))`,
        })
        .from(eventos)
        .innerJoin(users, eq(users.id, eventos.organizadorId))
        .where(eq(eventos.id, row.eventoId));
      if (!evento) throw invalid();
      const [account] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, row.email.toLowerCase()))
        .limit(1);
      return {
        email: row.email,
        rol: row.rol,
        evento: {
          id: evento.id,
          nombre: evento.nombre,
          fechaInicio: evento.fechaInicio.toISOString(),
          fechaFin: evento.fechaFin.toISOString(),
        },
        organizador: evento.organizador,
        cuentaExiste: account !== undefined,
      };
    },

    /** Signed in: that account joins, when the invitation is for its email (else 409). */
    async acceptAs(user: User, token: string): Promise<TeamMember> {
      const invitation = await openInvitation(token);
      if (invitation.email.toLowerCase() !== user.email.toLowerCase())
        throw conflict(teamMessages.wrongAccount, [{ field: 'email', message: teamMessages.wrongAccount }]);
      const row = await join(db, token, user.id);
      return toMember(row, user, now());
    },

    /**
     * Nobody signed in: creates a bar-staff (`scanner`) account with the invitation's email, joins it
     * and signs it in, all or nothing; 409 when an account has that email (sign in instead).
     */
    async acceptWithNewAccount(token: string, body: AcceptBody): Promise<{ user: User; token: string }> {
      const invitation = await openInvitation(token);
      const parsed = newAccountBody.safeParse(body);
      if (!parsed.success) {
        const details = parsed.error.issues.map((issue) => ({
          field: String(issue.path[0] ?? 'body'),
          message: issue.message,
        }));
        throw badRequest(details[0]!.message, details);
      }
      // Checked before the password's hash, which is slow; the unique index below has the last word.
      const [existing] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, invitation.email.toLowerCase()))
        .limit(1);
      if (existing) throw emailTaken();
      const passwordHash = await hashPassword(parsed.data.password);
      const user = await db.transaction(async (tx) => {
        let created: typeof users.$inferSelect;
        try {
          [created] = (await tx
            .insert(users)
            .values({
              email: invitation.email,
              nombre: parsed.data.nombre,
              apellido: parsed.data.apellido ?? null,
              rol: 'scanner',
              passwordHash,
            })
            .returning()) as [typeof users.$inferSelect];
        } catch (error) {
          if (isUniqueViolation(error, 'users_email_lower_unique')) throw emailTaken();
          throw error;
        }
        await join(tx, token, created.id);
        return {
          id: created.id,
          nombre: created.nombre,
          apellido: created.apellido,
          email: created.email,
          rol: created.rol,
        };
      });
      return { user, token: await startSession(user.id) };
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
