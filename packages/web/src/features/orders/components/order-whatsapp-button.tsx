import type { Pedido } from '@drinkflow/domain/orders';
import { whatsappHref } from '@/components/whatsapp/whatsapp-href';
import { WhatsappLink } from '@/components/whatsapp/whatsapp-link';
import { useOrderTickets } from '../api/get-order-tickets';

/** 'Enviar por WhatsApp' for a whole order: one message with the link of each of its tickets. */
export function OrderWhatsappButton({
  pedido,
}: {
  pedido: Pick<Pedido, 'id' | 'nombreCompleto' | 'telefonoWhatsapp' | 'evento'>;
}) {
  // The order's tickets, as the page's ticket list already asked for them (one request, shared).
  const tickets = useOrderTickets(pedido.id);
  const href = whatsappHref({
    telefono: pedido.telefonoWhatsapp,
    nombre: pedido.nombreCompleto,
    evento: pedido.evento.nombre,
    enlaces: tickets.data?.map((ticket) => ticket.enlaceInvitado) ?? [],
    origin: window.location.origin,
  });
  if (pedido.telefonoWhatsapp && !tickets.data) return null;
  return <WhatsappLink href={href} />;
}
