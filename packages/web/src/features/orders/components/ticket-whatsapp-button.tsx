import type { TicketDetail } from '@drinkflow/domain/orders';
import { whatsappHref } from '@/components/whatsapp/whatsapp-href';
import { WhatsappLink } from '@/components/whatsapp/whatsapp-link';
import { useOrder } from '../api/get-order';

/** 'Enviar por WhatsApp' for one ticket: a message with this ticket's guest link only. */
export function TicketWhatsappButton({
  ticket,
}: {
  ticket: Pick<TicketDetail, 'id' | 'pedidoId' | 'enlaceInvitado'>;
}) {
  // The order is the page's own query (its phone, name and event): read from the cache.
  const order = useOrder(ticket.pedidoId);
  if (!order.data) return null;
  const href = whatsappHref({
    telefono: order.data.telefonoWhatsapp,
    nombre: order.data.nombreCompleto,
    evento: order.data.evento.nombre,
    enlaces: [ticket.enlaceInvitado],
    origin: window.location.origin,
  });
  return (
    <WhatsappLink href={href} aria-label={`Enviar el ticket #${ticket.id} por WhatsApp`}>
      Enviar por WhatsApp
    </WhatsappLink>
  );
}
