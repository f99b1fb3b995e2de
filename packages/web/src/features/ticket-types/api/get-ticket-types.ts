import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Every ticket-type query starts with this key; mutations invalidate it as a whole. */
export const ticketTypesKey = ['tipos-ticket'] as const;

/** GET /api/tipos-ticket/{eventoId} — one event's ticket types. */
export const getTicketTypes = (eventoId: number) => api.get<TipoTicket[]>(`/tipos-ticket/${eventoId}`);

export const ticketTypesQueryOptions = (eventoId: number) =>
  queryOptions({ queryKey: [...ticketTypesKey, eventoId], queryFn: () => getTicketTypes(eventoId) });

export const useTicketTypes = (eventoId: number, enabled = true) =>
  useQuery({ ...ticketTypesQueryOptions(eventoId), enabled });
