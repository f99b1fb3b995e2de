import type { TicketTypeValues, TipoTicket } from '@drinkflow/domain/ticket-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketTypesKey } from '@/hooks/use-ticket-types';
import { api } from '@/lib/api';

/** POST /api/tipos-ticket → 201 with the created type. */
export const createTicketType = (body: TicketTypeValues) => api.post<TipoTicket>('/tipos-ticket', body);

export function useCreateTicketType({ onSuccess }: { onSuccess?: (created: TipoTicket) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicketType,
    onSuccess: async (created) => {
      // The event detail counts ticket types: refresh it too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketTypesKey }),
        queryClient.invalidateQueries({ queryKey: ['evento'] }),
      ]);
      onSuccess?.(created);
    },
  });
}
