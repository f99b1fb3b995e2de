import { orderMessages } from '@drinkflow/domain/orders';
import { guestLinkPath } from '@drinkflow/domain/whatsapp';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { tickets, tiposTicket } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { randomSecret } from '../auth';

/** A ticket's QR text: 192 random bits, URL-safe (docs/rules/api-conventions.md); unique in its event by constraint. */
export const newQrCode = () => randomSecret(24);

/** A ticket's guest-link secret (docs/rules/guests.md): 144 random bits, base64url, not the QR code. */
export const newGuestToken = () => randomSecret(18);

/** The ticket type if it belongs to `eventoId`; else 400 on `ticketTypeId` (nothing is written). */
export async function ticketTypeOfEvent(executor: Db | Tx, ticketTypeId: number, eventoId: number) {
  const [tipo] = await executor
    .select()
    .from(tiposTicket)
    .where(and(eq(tiposTicket.id, ticketTypeId), eq(tiposTicket.eventoId, eventoId)))
    .limit(1);
  if (!tipo) {
    throw badRequest(orderMessages.ticketTypeOtherEvent, [
      { field: 'ticketTypeId', message: orderMessages.ticketTypeOtherEvent },
    ]);
  }
  return tipo;
}

/** Inserts `quantity` tickets of one type for an order (in its event), inside the caller's transaction. */
export function issueTickets(
  tx: Tx,
  pedido: { id: number; eventoId: number },
  ticketTypeId: number,
  quantity: number,
  estado: 'activo' | 'invalidado' = 'activo',
) {
  return tx
    .insert(tickets)
    .values(
      Array.from({ length: quantity }, () => ({
        pedidoId: pedido.id,
        eventoId: pedido.eventoId,
        ticketTypeId,
        estado,
        qrCode: newQrCode(),
        guestToken: newGuestToken(),
      })),
    )
    .returning();
}

export const toTicket = (row: typeof tickets.$inferSelect) => ({
  id: row.id,
  pedidoId: row.pedidoId,
  ticketTypeId: row.ticketTypeId,
  estado: row.estado,
  qrCode: row.qrCode,
  enlaceInvitado: guestLinkPath(row.guestToken),
  createdAt: row.createdAt.toISOString(),
});
