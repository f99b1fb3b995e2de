import type { Pedido } from '@drinkflow/domain/orders';
import { Badge } from '@/components/ui/badge';
import { whatsappHref } from '@/components/whatsapp/whatsapp-href';
import { WhatsappLink } from '@/components/whatsapp/whatsapp-link';
import { formatDateTime } from '@/lib/format';
import { useLinkBase } from '@/lib/link-base';
import { useMarkWhatsappSent } from '@/features/whatsapp';
import { useOrderTickets } from '../api/get-order-tickets';

/**
 * 'Enviar por WhatsApp' for a whole order: one message with the link of each of its tickets. Opening
 * it records the send as the event's sending list does, so the list counts it (docs/rules/guests.md).
 */
export function OrderWhatsappButton({
  pedido,
}: {
  pedido: Pick<Pedido, 'id' | 'nombreCompleto' | 'telefonoWhatsapp' | 'whatsappEnviadoEn' | 'evento'>;
}) {
  // The order's tickets, as the page's ticket list already asked for them (one request, shared).
  const tickets = useOrderTickets(pedido.id);
  const linkBase = useLinkBase();
  const mark = useMarkWhatsappSent(pedido.evento.id);
  if (pedido.telefonoWhatsapp && (!tickets.data || !linkBase)) return null;
  const href = whatsappHref({
    telefono: pedido.telefonoWhatsapp,
    nombre: pedido.nombreCompleto,
    evento: pedido.evento.nombre,
    enlaces: tickets.data?.map((ticket) => ticket.enlaceInvitado) ?? [],
    base: linkBase?.base ?? '',
  });
  return (
    <>
      {pedido.whatsappEnviadoEn && (
        <Badge tone="green">Enviado por WhatsApp el {formatDateTime(pedido.whatsappEnviadoEn)}</Badge>
      )}
      <WhatsappLink href={href} onOpen={() => mark.mutate({ pedidoId: pedido.id, sent: true })} />
    </>
  );
}
