import type { TicketDetail } from '@drinkflow/domain/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderKey } from './get-order';

export const orderTicketsKey = (pedidoId: number) => [...orderKey(pedidoId), 'tickets'] as const;

/** GET /api/tickets/{pedidoId} — the order's tickets, each with its type and scan count. */
export const getOrderTickets = (pedidoId: number) => api.get<TicketDetail[]>(`/tickets/${pedidoId}`);

export const orderTicketsQueryOptions = (pedidoId: number) =>
  queryOptions({ queryKey: orderTicketsKey(pedidoId), queryFn: () => getOrderTickets(pedidoId) });

export const useOrderTickets = (pedidoId: number) => useQuery(orderTicketsQueryOptions(pedidoId));
