import { RECENT_DRINKS_LIMIT, type RecentDrink } from '@drinkflow/domain/supervision';
import { SUPERVISOR_UNDO_MINUTES } from '@drinkflow/domain/team';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consumos, dispositivos, pedidos, tickets, users } from '../../db/schema';

/** `SUPERVISOR_UNDO_MINUTES` before now: the database's time, or the app's test clock when given. */
const undoWindowStart = (now: (() => Date) | undefined) =>
  sql`(${now ? sql`${now().toISOString()}::timestamptz` : sql`now()`} - make_interval(mins => ${SUPERVISOR_UNDO_MINUTES}))`;

/**
 * The event's drinks a supervisor may still undo, newest first (at most RECENT_DRINKS_LIMIT), with
 * the holder, and the device and person that served each (from consumos_evento_time_idx).
 */
export async function recentDrinks(
  db: Db,
  now: (() => Date) | undefined,
  eventoId: number,
): Promise<RecentDrink[]> {
  const rows = await db
    .select({
      id: consumos.id,
      ticketId: consumos.ticketId,
      titular: pedidos.nombreCompleto,
      tipoBebida: consumos.tipoBebida,
      barra: consumos.barra,
      timestamp: consumos.timestamp,
      dispositivoId: dispositivos.id,
      dispositivoNombre: dispositivos.nombre,
      personaId: users.id,
      personaNombre: sql<string | null>`concat_ws(' ', ${users.nombre}, nullif(${users.apellido}, ''))`,
    })
    .from(consumos)
    .innerJoin(tickets, eq(tickets.id, consumos.ticketId))
    .innerJoin(pedidos, eq(pedidos.id, tickets.pedidoId))
    .leftJoin(
      dispositivos,
      and(eq(dispositivos.id, consumos.dispositivoId), eq(dispositivos.eventoId, consumos.eventoId)),
    )
    .leftJoin(users, eq(users.id, consumos.usuarioId))
    .where(and(eq(consumos.eventoId, eventoId), gt(consumos.timestamp, undoWindowStart(now))))
    .orderBy(desc(consumos.timestamp), desc(consumos.id))
    .limit(RECENT_DRINKS_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    ticketId: row.ticketId,
    titular: row.titular,
    tipoBebida: row.tipoBebida,
    barra: row.barra,
    timestamp: row.timestamp.toISOString(),
    dispositivo:
      row.dispositivoId === null ? null : { id: row.dispositivoId, nombre: row.dispositivoNombre ?? '' },
    persona: row.personaId === null ? null : { id: row.personaId, nombre: row.personaNombre ?? '' },
  }));
}
