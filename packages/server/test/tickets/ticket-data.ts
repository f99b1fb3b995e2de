import { consumos } from '../../src/db/schema';
import { createOrder, ownedEvent } from '../support/orders';
import type { TestApp } from '../support/test-app';

/** A new organizer's event with one order of `quantity` tickets. */
export async function orderWithTickets(t: TestApp, quantity = 2) {
  const owned = await ownedEvent(t);
  const pedido = await createOrder(t, owned.owner, owned, { quantity });
  return { ...owned, pedido };
}

/** A drink written straight to the database, at `timestamp`. */
export async function addConsumo(
  t: TestApp,
  eventoId: number,
  ticketId: number,
  timestamp: string,
  tipoBebida = 'copa',
  barra: string | null = null,
) {
  const [row] = await t.db
    .insert(consumos)
    .values({ eventoId, ticketId, tipoBebida, timestamp: new Date(timestamp), barra })
    .returning();
  return row!;
}
