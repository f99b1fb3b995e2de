import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ticketTypesKey } from '@/hooks/use-ticket-types';
import { api } from '@/lib/api';

/** GET /api/tipos-ticket/single/{id} — one ticket type with its event's name and place. */
export const getTicketType = (id: number) => api.get<TipoTicket>(`/tipos-ticket/single/${id}`);

export const ticketTypeQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...ticketTypesKey, 'single', id], queryFn: () => getTicketType(id) });

export const useTicketType = (id: number, enabled = true) =>
  useQuery({ ...ticketTypeQueryOptions(id), enabled });
