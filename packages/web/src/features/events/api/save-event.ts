import type { Evento, EventoInput } from '@drinkflow/domain/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const createEvent = (body: EventoInput) => api.post<Evento>('/eventos', body);
export const updateEvent = (id: number, body: EventoInput) => api.put<Evento>(`/eventos/${id}`, body);

/** Creates (no id) or updates an event, then refetches the lists and that event. */
export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: EventoInput }) =>
      id ? updateEvent(id, body) : createEvent(body),
    onSuccess: async (saved) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['eventos'] }),
        queryClient.invalidateQueries({ queryKey: ['evento', saved.id] }),
      ]);
    },
  });
}
