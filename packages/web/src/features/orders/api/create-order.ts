import type { CreateOrderValues, PedidoCreated } from '@drinkflow/domain/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshOrderCounts } from './refresh-order-counts';

/** POST /api/pedidos with ticketTypeId and quantity: the order and its tickets in one transaction. */
export const createOrder = (body: CreateOrderValues) => api.post<PedidoCreated>('/pedidos', body);

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => refreshOrderCounts(queryClient),
  });
}
