import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { consumos, pedidos, scanLog, tickets } from '../../src/db/schema';

/** Every order and ticket row of an event as stored, to prove a refused call changed nothing. */
export async function storedOrders(db: Db, eventoId: number) {
  const orders = await db
    .select()
    .from(pedidos)
    .where(eq(pedidos.eventoId, eventoId))
    .orderBy(asc(pedidos.id));
  const ids = orders.map((order) => order.id);
  const ticketRows =
    ids.length === 0
      ? []
      : await db.select().from(tickets).where(inArray(tickets.pedidoId, ids)).orderBy(asc(tickets.id));
  return { orders, tickets: ticketRows };
}

/** How many rows the order tables hold in the whole database. */
export async function totals(db: Db) {
  const n = async (table: typeof pedidos | typeof tickets | typeof consumos | typeof scanLog) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    pedidos: await n(pedidos),
    tickets: await n(tickets),
    consumos: await n(consumos),
    scanLog: await n(scanLog),
  };
}
