import type { Rechazo } from '@drinkflow/domain/orders';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/tickets/{id}/rechazos — the ticket's refused scans, newest first. */
export const getTicketRechazos = (ticketId: number) => api.get<Rechazo[]>(`/tickets/${ticketId}/rechazos`);

/** Refetched with the order (the scan count is in the key), like the drinks. */
export const useTicketRechazos = (ticketId: number, scans: number) =>
  useQuery({
    queryKey: ['ticket', ticketId, 'rechazos', scans],
    queryFn: () => getTicketRechazos(ticketId),
  });
