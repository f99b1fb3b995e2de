import type { User } from '@drinkflow/domain/auth';
import {
  INVITATION_DAYS,
  teamMessages,
  type TeamMember,
  type TeamMemberBody,
  type TeamRole,
} from '@drinkflow/domain/team';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dispositivos, eventoMiembros, users } from '../../db/schema';
import { conflict, isUniqueViolation, notFound } from '../../http/errors';
import { hashToken, randomSecret } from '../auth';
import type { SendInvitation } from '../email';
import { requireEvent } from '../events';

const DAY_MS = 24 * 60 * 60 * 1000;
type MemberRow = typeof eventoMiembros.$inferSelect;
type MemberUser = { id: number; nombre: string; apellido: string | null; email: string };

/** Where an invitation is opened; the token travels only in this answer (the table keeps its hash). */
export const invitationLink = (token: string) => `/invitacion/${token}`;

export function toMember(row: MemberRow, usuario: MemberUser | null, now: Date): TeamMember {
  const estado =
    row.usuarioId !== null
      ? 'activo'
      : row.invitacionCaducaEn && row.invitacionCaducaEn > now
        ? 'pendiente'
        : 'caducada';
  return {
    id: row.id,
    email: row.email,
    rol: row.rol,
    estado,
    usuario: row.usuarioId !== null && usuario ? usuario : null,
    creadoEn: row.createdAt.toISOString(),
  };
}

const memberUser = { id: users.id, nombre: users.nombre, apellido: users.apellido, email: users.email };
const sameEmail = (column: typeof users.email | typeof eventoMiembros.email, value: string) =>
  eq(sql`lower(${column})`, value.toLowerCase());

/**
 * An event's team (docs/rules/team.md, docs/decisions/059): only its owner and admins (capability
 * `equipo`) read and change it; outsiders 404, other members 403. `sendInvitation` exists when
 * SMTP is configured.
 */
export function createTeamService(db: Db, clock?: () => Date, sendInvitation?: SendInvitation) {
  const now = clock ?? (() => new Date());
  async function memberOf(eventoId: number, miembroId: number) {
    const [row] = await db
      .select({ miembro: eventoMiembros, usuario: memberUser })
      .from(eventoMiembros)
      .leftJoin(users, eq(users.id, eventoMiembros.usuarioId))
      .where(and(eq(eventoMiembros.id, miembroId), eq(eventoMiembros.eventoId, eventoId)))
      .limit(1);
    if (!row) throw notFound(teamMessages.memberNotFound);
    return toMember(row.miembro, row.usuario, now());
  }

  return {
    async list(user: User, eventoId: number): Promise<TeamMember[]> {
      await requireEvent(db, user, eventoId, 'equipo');
      const rows = await db
        .select({ miembro: eventoMiembros, usuario: memberUser })
        .from(eventoMiembros)
        .leftJoin(users, eq(users.id, eventoMiembros.usuarioId))
        .where(eq(eventoMiembros.eventoId, eventoId))
        .orderBy(asc(eventoMiembros.createdAt), asc(eventoMiembros.id));
      const at = now();
      return rows.map((row) => toMember(row.miembro, row.usuario, at));
    },

    /**
     * Adds a member: an email with an account joins at once; otherwise a pending member with a
     * single-use invitation of INVITATION_DAYS, whose link only this answer carries, and which is
     * emailed from memory once the row has committed, when SMTP is configured (`emailEnviado`: did
     * the mail server accept it; a failed or slow send leaves the member added). The unique index
     * on (event, lower(email)) settles two adds of one email at once: the second is a 409.
     */
    async add(user: User, eventoId: number, { email, rol }: TeamMemberBody): Promise<TeamMember> {
      const { evento } = await requireEvent(db, user, eventoId, 'equipo');
      const [owner] = await db
        .select({ email: users.email, nombre: users.nombre, apellido: users.apellido })
        .from(users)
        .where(eq(users.id, evento.organizadorId));
      if (owner && owner.email.toLowerCase() === email.toLowerCase())
        throw conflict(teamMessages.owner, [{ field: 'email', message: teamMessages.owner }]);
      const [account] = await db.select(memberUser).from(users).where(sameEmail(users.email, email)).limit(1);
      const token = account ? null : randomSecret();
      let row: MemberRow;
      try {
        [row] = (await db
          .insert(eventoMiembros)
          .values({
            eventoId,
            email: account?.email ?? email,
            rol,
            usuarioId: account?.id ?? null,
            invitacionHash: token ? hashToken(token) : null,
            invitacionCaducaEn: token ? new Date(now().getTime() + INVITATION_DAYS * DAY_MS) : null,
          })
          .returning()) as [MemberRow];
      } catch (error) {
        if (isUniqueViolation(error, 'evento_miembros_evento_email_unique'))
          throw conflict(teamMessages.duplicate, [{ field: 'email', message: teamMessages.duplicate }]);
        throw error;
      }
      const member = toMember(row, account ?? null, now());
      if (!token) return { ...member, emailEnviado: false };
      const enlaceInvitacion = invitationLink(token);
      const emailEnviado = sendInvitation
        ? await sendInvitation({
            eventoId,
            miembroId: row.id,
            to: row.email,
            organizador: [owner?.nombre, owner?.apellido].filter(Boolean).join(' '),
            evento: { nombre: evento.nombre, fechaInicio: evento.fechaInicio, fechaFin: evento.fechaFin },
            rol: row.rol,
            enlace: enlaceInvitacion,
          })
        : false;
      return { ...member, enlaceInvitacion, emailEnviado };
    },

    async changeRole(user: User, eventoId: number, miembroId: number, rol: TeamRole): Promise<TeamMember> {
      await requireEvent(db, user, eventoId, 'equipo');
      const [row] = await db
        .update(eventoMiembros)
        .set({ rol })
        .where(and(eq(eventoMiembros.id, miembroId), eq(eventoMiembros.eventoId, eventoId)))
        .returning({ id: eventoMiembros.id });
      if (!row) throw notFound(teamMessages.memberNotFound);
      return memberOf(eventoId, miembroId);
    },

    /**
     * Removes a member in one transaction with the revocation of their devices of the event, by the
     * revocation lock protocol (docs/rules/devices.md): their device rows FOR UPDATE, then
     * `revocado_en`. Every request reads the team afresh, so their access ends at the next one.
     */
    async remove(user: User, eventoId: number, miembroId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await requireEvent(tx, user, eventoId, 'equipo');
        const [member] = await tx
          .delete(eventoMiembros)
          .where(and(eq(eventoMiembros.id, miembroId), eq(eventoMiembros.eventoId, eventoId)))
          .returning({ usuarioId: eventoMiembros.usuarioId });
        if (!member) throw notFound(teamMessages.memberNotFound);
        if (member.usuarioId === null) return;
        const devices = await tx
          .select({ id: dispositivos.id })
          .from(dispositivos)
          .where(
            and(
              eq(dispositivos.eventoId, eventoId),
              eq(dispositivos.usuarioId, member.usuarioId),
              isNull(dispositivos.revocadoEn),
            ),
          )
          .for('update');
        if (devices.length === 0) return;
        await tx
          .update(dispositivos)
          // The app's test clock when it has one, as the device board's revocation (else the database's).
          .set({ revocadoEn: clock ? clock() : sql`now()` })
          .where(
            and(
              inArray(
                dispositivos.id,
                devices.map((device) => device.id),
              ),
              isNull(dispositivos.revocadoEn),
            ),
          );
      });
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
