import type { TicketDetail } from '@drinkflow/domain/orders';
import { whatsappHref } from '@/components/whatsapp/whatsapp-href';
import { WhatsappLink } from '@/components/whatsapp/whatsapp-link';
import { useLinkBase } from '@/lib/link-base';
import { useMarkWhatsappSent } from '@/features/whatsapp';
import { useOrder } from '../api/get-order';

/**
 * 'Enviar por WhatsApp' for one ticket: a message with this ticket's guest link only. For an order
 * of one ticket that is the order's whole message, so it records the order as sent
 * (docs/rules/guests.md); one ticket of several is not the order sent.
 */
export function TicketWhatsappButton({
  ticket,
}: {
  ticket: Pick<TicketDetail, 'id' | 'pedidoId' | 'enlaceInvitado'>;
}) {
  // The order is the page's own query (its phone, name and event): read from the cache.
  const order = useOrder(ticket.pedidoId);
  const linkBase = useLinkBase();
  const mark = useMarkWhatsappSent(order.data?.evento.id ?? 0);
  if (!order.data || !linkBase) return null;
  const pedido = order.data;
  const href = whatsappHref({
    telefono: pedido.telefonoWhatsapp,
    nombre: pedido.nombreCompleto,
    evento: pedido.evento.nombre,
    enlaces: [ticket.enlaceInvitado],
    base: linkBase.base,
  });
  const onOpen =
    pedido.totalTickets === 1 ? () => mark.mutate({ pedidoId: pedido.id, sent: true }) : undefined;
  return (
    <WhatsappLink href={href} onOpen={onOpen} aria-label={`Enviar el ticket #${ticket.id} por WhatsApp`}>
      Enviar por WhatsApp
    </WhatsappLink>
  );
}
