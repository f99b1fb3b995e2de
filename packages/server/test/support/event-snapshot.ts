import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { consumos, eventos, pedidos, scanLog, tickets, tiposTicket } from '../../src/db/schema';

/** How many rows each table holds for one event. */
export async function countRowsOfEvent(db: Db, eventoId: number) {
  const pedidoIds = (
    await db.select({ id: pedidos.id }).from(pedidos).where(eq(pedidos.eventoId, eventoId))
  ).map((row) => row.id);
  const ticketRows =
    pedidoIds.length === 0
      ? []
      : await db.select({ id: tickets.id }).from(tickets).where(inArray(tickets.pedidoId, pedidoIds));
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    eventos: await count(db.select({ id: eventos.id }).from(eventos).where(eq(eventos.id, eventoId))),
    tiposTicket: await count(
      db.select({ id: tiposTicket.id }).from(tiposTicket).where(eq(tiposTicket.eventoId, eventoId)),
    ),
    pedidos: pedidoIds.length,
    tickets: ticketRows.length,
    consumos: await count(
      db.select({ id: consumos.id }).from(consumos).where(eq(consumos.eventoId, eventoId)),
    ),
    scanLog: await count(db.select({ id: scanLog.id }).from(scanLog).where(eq(scanLog.eventoId, eventoId))),
  };
}

/** Everything stored about an event (its row, ticket types, orders, tickets…), to prove nothing changed. */
export async function snapshotEvent(db: Db, eventoId: number) {
  const [evento] = await db.select().from(eventos).where(eq(eventos.id, eventoId));
  const tipos = await db
    .select()
    .from(tiposTicket)
    .where(eq(tiposTicket.eventoId, eventoId))
    .orderBy(asc(tiposTicket.id));
  return { evento, tipos, counts: await countRowsOfEvent(db, eventoId) };
}
