import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ticketTypesKey } from './get-ticket-types';

/** GET /api/tipos-ticket/all/organizer — every ticket type of the organizer, each with its event. */
export const getAllTicketTypes = () => api.get<TipoTicket[]>('/tipos-ticket/all/organizer');

export const allTicketTypesQueryOptions = () =>
  queryOptions({ queryKey: [...ticketTypesKey, 'all'], queryFn: getAllTicketTypes });

export const useAllTicketTypes = (enabled = true) => useQuery({ ...allTicketTypesQueryOptions(), enabled });
