import type { Pedido, UpdateOrderInput } from '@drinkflow/domain/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderKey } from './get-order';
import { ordersKey } from './get-orders';

export interface OrderChanges {
  details: UpdateOrderInput;
  /** The new ticket type, or undefined to leave it (docs/rules/api-conventions.md: sent only if changed). */
  ticketTypeId?: number;
}

/** PUT /api/pedidos/{id}, then PUT /api/pedidos/{id}/ticket-type when the type changed. */
export async function updateOrder(id: number, { details, ticketTypeId }: OrderChanges): Promise<Pedido> {
  const updated = await api.put<Pedido>(`/pedidos/${id}`, details);
  return ticketTypeId === undefined
    ? updated
    : api.put<Pedido>(`/pedidos/${id}/ticket-type`, { ticketTypeId });
}

export function useUpdateOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: OrderChanges) => updateOrder(id, changes),
    // The order key covers its tickets (their type and limits change with it).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKey(id) }),
        queryClient.invalidateQueries({ queryKey: ordersKey }),
      ]),
  });
}
