import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/*
 * The ticket-type lists, read by the ticket-type area and offered by others in their forms and
 * filters (orders, guest import): one cache, which the ticket-type mutations refresh.
 */

/** Every ticket-type query starts with this key; mutations invalidate it as a whole. */
export const ticketTypesKey = ['tipos-ticket'] as const;

/** GET /api/tipos-ticket/{eventoId} — one event's ticket types (none asked for without an event). */
export const useEventTicketTypes = (eventoId: number | undefined) =>
  useQuery({
    queryKey: [...ticketTypesKey, eventoId ?? 0],
    queryFn: () => api.get<TipoTicket[]>(`/tipos-ticket/${eventoId}`),
    enabled: !!eventoId,
  });

/** GET /api/tipos-ticket/all/organizer — every ticket type of the organizer, each with its event. */
export const useAllTicketTypes = (enabled = true) =>
  useQuery({
    queryKey: [...ticketTypesKey, 'all'],
    queryFn: () => api.get<TipoTicket[]>('/tipos-ticket/all/organizer'),
    enabled,
  });
