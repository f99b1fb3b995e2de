import type { Ticket } from '@drinkflow/domain/orders';
import { eq } from 'drizzle-orm';
import { tickets } from '../../src/db/schema';
import type { Account } from '../support/accounts';
import { call } from '../support/api';
import { createOrder, type OwnedEvent } from '../support/orders';
import type { TestApp } from '../support/test-app';

export const topUpsUrl = (ticketId: number) => `/api/tickets/${ticketId}/recargas`;

export const topUp = (t: TestApp, who: Account | null, ticketId: number, body: Record<string, unknown>) =>
  call(t, who, 'POST', topUpsUrl(ticketId), body);

export const listOf = (t: TestApp, who: Account | null, ticketId: number) =>
  call(t, who, 'GET', topUpsUrl(ticketId));

/** A new ticket of `target`'s ticket type. */
export async function newTicket(
  t: TestApp,
  target: Pick<OwnedEvent, 'owner' | 'evento' | 'tipo'>,
  nombre = 'Lucía Fernández',
) {
  const pedido = await createOrder(t, target.owner, target, { nombreCompleto: nombre });
  return pedido.tickets[0]!;
}

export const storedSum = async (t: TestApp, ticket: Ticket) =>
  (await t.db.select().from(tickets).where(eq(tickets.id, ticket.id)))[0]!.recargasBebidas;
