import type { TicketTypeValues, TipoTicket } from '@drinkflow/domain/ticket-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketTypesKey } from '@/hooks/use-ticket-types';
import { api } from '@/lib/api';

/** PUT /api/tipos-ticket/{id} with the same body as create → 200 with the saved type. */
export const updateTicketType = ({ id, body }: { id: number; body: TicketTypeValues }) =>
  api.put<TipoTicket>(`/tipos-ticket/${id}`, body);

export function useUpdateTicketType({ onSuccess }: { onSuccess?: (saved: TipoTicket) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTicketType,
    onSuccess: async (saved) => {
      // The event detail counts ticket types: refresh it too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketTypesKey }),
        queryClient.invalidateQueries({ queryKey: ['evento'] }),
      ]);
      onSuccess?.(saved);
    },
  });
}
