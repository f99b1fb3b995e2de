import type { Consumo } from '@drinkflow/domain/orders';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/tickets/{id}/consumos — the drinks served on a ticket (docs/rules/orders-and-tickets.md). */
export const getTicketConsumos = (ticketId: number) => api.get<Consumo[]>(`/tickets/${ticketId}/consumos`);

/** Only asked for tickets that were scanned: the others have nothing to list. */
export const useTicketConsumos = (ticketId: number, scans: number) =>
  useQuery({
    // The scan count is in the key: a new scan (seen on the order's refetch) loads the list again.
    queryKey: ['ticket', ticketId, 'consumos', scans],
    queryFn: () => getTicketConsumos(ticketId),
    enabled: scans > 0,
  });
