import type { DeletedResponse } from '@drinkflow/domain/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketTypesKey } from '@/hooks/use-ticket-types';
import { api } from '@/lib/api';

/** DELETE /api/tipos-ticket/{id} → 200, or 409 when tickets already use the type. */
export const deleteTicketType = (id: number) => api.delete<DeletedResponse>(`/tipos-ticket/${id}`);

export function useDeleteTicketType({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicketType,
    onSuccess: async () => {
      // The event detail counts ticket types: refresh it too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketTypesKey }),
        queryClient.invalidateQueries({ queryKey: ['evento'] }),
      ]);
      onSuccess?.();
    },
  });
}
