import type { User } from '@drinkflow/domain/auth';
import { can, teamRoles, type EventCapability, type EventRole } from '@drinkflow/domain/team';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { eventoMiembros, eventos } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';

type EventoRow = typeof eventos.$inferSelect;
const EVENT_NOT_FOUND = 'Evento no encontrado';

/** What an admin may do with any event: read it, its statistics, and manage its team. */
const adminCapabilities: readonly EventCapability[] = ['ver', 'estadisticas', 'equipo'];

/**
 * The events `user` may use for `capability` (docs/rules/team.md), as a condition on `eventos`:
 * their own, and those whose team gives them a role that holds it.
 */
export function scopeFor(user: User, capability: EventCapability): SQL {
  if (user.rol === 'admin' && adminCapabilities.includes(capability)) return sql`true`;
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

/** The role `user` holds in the event `row`; null when not on its team (an admin reads as owner). */
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
 * its `tx`; `lock` locks the event row for the rest of it.
 */
export async function requireEvent(
  executor: Db | Tx,
  user: User,
  id: number,
  capability: EventCapability,
  lock: 'update' | 'no key update' | null = null,
): Promise<EventAccess> {
  const query = executor.select().from(eventos).where(eq(eventos.id, id)).limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw notFound(EVENT_NOT_FOUND);
  const rol = await roleIn(executor, user, row);
  if (rol === null) {
    if (user.rol === 'admin' && adminCapabilities.includes(capability)) return { evento: row, rol };
    throw notFound(EVENT_NOT_FOUND);
  }
  if (!can(rol, capability)) throw forbidden();
  return { evento: row, rol };
}
