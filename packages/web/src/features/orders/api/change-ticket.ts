import type { Ticket } from '@drinkflow/domain/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderKey } from './get-order';

export type TicketAction = 'invalidate' | 'reactivate' | 'regenerate-qr';

/** PATCH /api/tickets/{id}/invalidate, /reactivate or /regenerate-qr (no body). */
export const changeTicket = (ticketId: number, action: TicketAction) =>
  api.patch<Ticket>(`/tickets/${ticketId}/${action}`);

/** Changes one ticket of the order, then reloads the order's tickets and counts. */
export function useChangeTicket(pedidoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, action }: { ticketId: number; action: TicketAction }) =>
      changeTicket(ticketId, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKey(pedidoId) }),
  });
}
