import type { Pedido } from '@drinkflow/domain/orders';
import { LocalLinksWarning } from '@/components/local-links-warning';
import { useLinkBase } from '@/lib/link-base';
import { useEmailProgress } from '../api/email-progress';

/**
 * The order's page sends links by WhatsApp (with a usable phone) and by email (when this server can
 * send it): warns once, before either, when the links of a way that can send would point at this
 * computer (docs/rules/guests.md#links-that-cannot-work).
 */
export function OrderLinksWarning({ pedido }: { pedido: Pick<Pedido, 'telefonoWhatsapp' | 'evento'> }) {
  const linkBase = useLinkBase();
  const progress = useEmailProgress(pedido.evento.id);
  const whatsappLocal = pedido.telefonoWhatsapp !== null && linkBase?.local === true;
  const emailLocal = progress.data?.enlaces?.local === true;
  return whatsappLocal || emailLocal ? <LocalLinksWarning /> : null;
}
