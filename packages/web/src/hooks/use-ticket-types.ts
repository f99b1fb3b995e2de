import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/*
 * The ticket types other areas offer in their forms and filters (orders, guest import). The keys
 * are the ticket-type area's own, so both share one cache and its mutations refresh these too.
 */

/** GET /api/tipos-ticket/{eventoId} — one event's ticket types. */
export const useEventTicketTypes = (eventoId: number | undefined) =>
  useQuery({
    queryKey: ['tipos-ticket', eventoId ?? 0],
    queryFn: () => api.get<TipoTicket[]>(`/tipos-ticket/${eventoId}`),
    enabled: !!eventoId,
  });

/** GET /api/tipos-ticket/all/organizer — every ticket type of the organizer, each with its event. */
export const useAllTicketTypes = (enabled = true) =>
  useQuery({
    queryKey: ['tipos-ticket', 'all'],
    queryFn: () => api.get<TipoTicket[]>('/tipos-ticket/all/organizer'),
    enabled,
  });
