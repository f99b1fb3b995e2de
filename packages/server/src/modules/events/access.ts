import type { User } from '@drinkflow/domain/auth';
import { can, teamRoles, type EventCapability, type EventRole } from '@drinkflow/domain/team';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { eventoMiembros, eventos } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';

type EventoRow = typeof eventos.$inferSelect;
const EVENT_NOT_FOUND = 'Evento no encontrado';

/**
 * What an admin may do with any event (docs/rules/team.md): read it, its statistics and team, manage
 * its team, and top up its tickets (an admin's power before teams existed, docs/rules/festivals.md).
 */
const adminCapabilities: readonly EventCapability[] = ['ver', 'estadisticas', 'equipo', 'recargas'];

/** Whether an admin who is not on the event's team may use it for `capability`. */
export const adminMay = (user: User, capability: EventCapability): boolean =>
  user.rol === 'admin' && adminCapabilities.includes(capability);

/**
 * The events `user` holds `capability` on as owner or team member, as a condition on `eventos`;
 * an admin's powers over every event left out (the organizer area's own lists).
 */
export function teamScope(user: User, capability: EventCapability): SQL {
  const memberRoles = teamRoles.filter((role) => can(role, capability));
  const asMember =
    memberRoles.length === 0
      ? undefined
      : sql`${eventos.id} in (select ${eventoMiembros.eventoId} from ${eventoMiembros}
             where ${eventoMiembros.usuarioId} = ${user.id}
               and ${eventoMiembros.rol} in (${sql.join(
                 memberRoles.map((role) => sql`${role}`),
                 sql`, `,
               )}))`;
  return or(eq(eventos.organizadorId, user.id), asMember) ?? sql`false`;
}

/**
 * The events `user` may use for `capability` (docs/rules/team.md), as a condition on `eventos`:
 * their own, and those whose team gives them a role that holds it; every event for an admin's powers.
 */
export function scopeFor(user: User, capability: EventCapability): SQL {
  if (adminMay(user, capability)) return sql`true`;
  return teamScope(user, capability);
}

/** The role `user` holds in the event `row`; null when not on its team (nor its owner). */
export async function roleIn(executor: Db | Tx, user: User, row: EventoRow): Promise<EventRole | null> {
  if (row.organizadorId === user.id) return 'propietario';
  const [member] = await executor
    .select({ rol: eventoMiembros.rol })
    .from(eventoMiembros)
    .where(and(eq(eventoMiembros.eventoId, row.id), eq(eventoMiembros.usuarioId, user.id)))
    .limit(1);
  return member?.rol ?? null;
}

export interface EventAccess {
  evento: EventoRow;
  /** null for an admin who is not on the team. */
  rol: EventRole | null;
}

/**
 * The event if `user` may use it for `capability`: 404 when they are not on its team (another
 * organizer's events do not exist for them), 403 when their role lacks it. Inside a transaction pass
 * its `tx`; `lock` locks the event row for the rest of it. `notFoundMessage` names what was asked
 * for when that is something of the event (an order, a ticket), so the 404 reads the same as a missing one.
 */
export async function requireEvent(
  executor: Db | Tx,
  user: User,
  id: number,
  capability: EventCapability,
  lock: 'update' | 'no key update' | null = null,
  notFoundMessage = EVENT_NOT_FOUND,
): Promise<EventAccess> {
  const query = executor.select().from(eventos).where(eq(eventos.id, id)).limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw notFound(notFoundMessage);
  const rol = await roleIn(executor, user, row);
  if ((rol !== null && can(rol, capability)) || adminMay(user, capability)) return { evento: row, rol };
  if (rol === null) throw notFound(notFoundMessage);
  throw forbidden();
}
