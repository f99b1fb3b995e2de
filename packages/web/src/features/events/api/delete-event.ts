import type { DeletedResponse } from '@drinkflow/domain/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const deleteEvent = (id: number) => api.delete<DeletedResponse>(`/eventos/${id}`);

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: ['evento', id] });
      await queryClient.invalidateQueries({ queryKey: ['eventos'] });
      await queryClient.invalidateQueries({ queryKey: ['tipos-ticket'] });
    },
  });
}
