import type { DeletedResponse } from '@drinkflow/domain/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderKey } from './get-order';
import { refreshOrderCounts } from './refresh-order-counts';

/** DELETE /api/pedidos/{id} — the order and all its tickets. */
export const deleteOrder = (id: number) => api.delete<DeletedResponse>(`/pedidos/${id}`);

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: orderKey(id) });
      return refreshOrderCounts(queryClient);
    },
  });
}
