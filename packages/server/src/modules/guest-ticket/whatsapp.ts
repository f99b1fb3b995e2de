import type { User } from '@drinkflow/domain/auth';
import type { Pedido } from '@drinkflow/domain/orders';
import { normalizePhone } from '@drinkflow/domain/phone';
import { guestLinkPath, type WhatsappSendItem } from '@drinkflow/domain/whatsapp';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pedidos, tickets } from '../../db/schema';
import type { EventService } from '../events';
import { findOrder, withSummaries } from '../orders';

/**
 * Sending tickets by WhatsApp (docs/rules/guests.md): the organizer opens a wa.me link built by the web,
 * then marks the order as sent (or unmarks it). The sending list gives each order's number and links.
 */
export function createWhatsappService(db: Db, events: EventService) {
  /** Sets or clears the mark on an order of the user's own event (another's → 404). */
  async function mark(user: User, id: number, sentAt: Date | null): Promise<Pedido> {
    await db.transaction(async (tx) => {
      await findOrder(tx, user, id, 'gestionar', true);
      await tx.update(pedidos).set({ whatsappEnviadoEn: sentAt }).where(eq(pedidos.id, id));
    });
    const [summary] = await withSummaries(db, [await findOrder(db, user, id, 'ver')]);
    return summary!;
  }

  return {
    markSent: (user: User, id: number, now: Date) => mark(user, id, now),
    unmarkSent: (user: User, id: number) => mark(user, id, null),

    /** Every order of the event, by name, with its WhatsApp number and its tickets' guest links. */
    async sendList(user: User, eventoId: number): Promise<WhatsappSendItem[]> {
      await events.findReadable(user, eventoId);
      const orders = await db
        .select({
          id: pedidos.id,
          nombreCompleto: pedidos.nombreCompleto,
          telefono: pedidos.telefono,
          whatsappEnviadoEn: pedidos.whatsappEnviadoEn,
        })
        .from(pedidos)
        .where(eq(pedidos.eventoId, eventoId))
        .orderBy(asc(sql`lower(${pedidos.nombreCompleto})`), asc(pedidos.id));
      const links = await db
        .select({ id: tickets.id, pedidoId: tickets.pedidoId, guestToken: tickets.guestToken })
        .from(tickets)
        .innerJoin(pedidos, eq(pedidos.id, tickets.pedidoId))
        .where(eq(pedidos.eventoId, eventoId))
        .orderBy(asc(tickets.id));
      const byOrder = new Map<number, { id: number; enlaceInvitado: string }[]>();
      for (const link of links) {
        const list = byOrder.get(link.pedidoId) ?? [];
        list.push({ id: link.id, enlaceInvitado: guestLinkPath(link.guestToken) });
        byOrder.set(link.pedidoId, list);
      }
      return orders.map((order) => ({
        pedidoId: order.id,
        nombreCompleto: order.nombreCompleto,
        telefonoWhatsapp: normalizePhone(order.telefono),
        whatsappEnviadoEn: order.whatsappEnviadoEn?.toISOString() ?? null,
        tickets: byOrder.get(order.id) ?? [],
      }));
    },
  };
}
