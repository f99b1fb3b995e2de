import type { Pedido } from '@drinkflow/domain/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const orderKey = (id: number) => ['pedido', id] as const;

/** GET /api/pedido/{id} — one order with its event, ticket type and ticket count. */
export const getOrder = (id: number) => api.get<Pedido>(`/pedido/${id}`);

export const orderQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderKey(id), queryFn: () => getOrder(id) });

export const useOrder = (id: number) =>
  useQuery({ ...orderQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
