import type { Pedido } from '@drinkflow/domain/orders';
import { ALL_EVENTS, type EventSelection } from '@/lib/event-selection';
import { useEmailProgress } from '../api/email-progress';

/**
 * Whether the orders list shows each order's email state: once any order of the event has been
 * emailed (queued, sent or failed). Until then every row would say 'Sin enviar' — an organizer who
 * sends by WhatsApp, or a server without email, never sees them. Asked of the whole event, so
 * the states do not come and go from one page to the next; for all events, of the rows shown.
 */
export function useShowsEmailStatus(selection: EventSelection, pedidos: readonly Pedido[]): boolean {
  const eventoId = selection === ALL_EVENTS ? null : selection;
  const progress = useEmailProgress(eventoId ?? 0, eventoId !== null);
  const eventEmailed = progress.data ? progress.data.sinEnviar < progress.data.total : false;
  return eventEmailed || pedidos.some((pedido) => pedido.envio.estado !== 'sin_enviar');
}
