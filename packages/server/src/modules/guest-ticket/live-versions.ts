import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pedidos, tickets } from '../../db/schema';

/** The ticket and event behind a guest link, or null for an unknown token. */
export async function ticketOfToken(
  db: Db,
  token: string,
): Promise<{ ticketId: number; eventoId: number } | null> {
  const [row] = await db
    .select({ ticketId: tickets.id, eventoId: pedidos.eventoId })
    .from(tickets)
    .innerJoin(pedidos, eq(pedidos.id, tickets.pedidoId))
    .where(eq(tickets.guestToken, token))
    .limit(1);
  return row ?? null;
}

/**
 * Each ticket's version for the live guest page (docs/decisions/066): its state, top-ups, drink count
 * (kept by the consumos trigger), link and newest drink. A drink, an undo, a top-up, an invalidation or
 * a new link moves it; one indexed query for all the open pages of an event.
 */
export async function ticketVersions(db: Db, ticketIds: number[]): Promise<Map<number, string>> {
  const versions = new Map<number, string>();
  if (ticketIds.length === 0) return versions;
  const result = await db.execute(sql`
    select t.id, concat_ws('|', t.estado, t.recargas_bebidas, t.consumos_usados, t.guest_token,
      (select max(c.id) from consumos c where c.ticket_id = t.id)) as version
    from tickets t where t.id = any(${`{${ticketIds.join(',')}}`}::int[])`);
  for (const row of (result as unknown as { rows: { id: number; version: string }[] }).rows)
    versions.set(Number(row.id), row.version);
  return versions;
}
