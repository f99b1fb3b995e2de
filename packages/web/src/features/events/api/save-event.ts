import type { Evento, EventoInput } from '@drinkflow/domain/events';
import type { RenameBarInput } from '@drinkflow/domain/event-bars';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { renameBar } from './rename-bar';

export const createEvent = (body: EventoInput) => api.post<Evento>('/eventos', body);
export const updateEvent = (id: number, body: EventoInput) => api.put<Evento>(`/eventos/${id}`, body);

export interface SaveEventInput {
  id?: number;
  body: EventoInput;
  /**
   * Bars of the saved event renamed in the form: each goes through PATCH …/barras first, so that
   * its ticket types, drinks and scan log follow (docs/rules/festivals.md); the PUT then adds and removes.
   */
  renames?: RenameBarInput[];
}

/** Creates (no id) or updates an event, then refetches the lists and that event. */
export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, renames = [] }: SaveEventInput) => {
      if (!id) return createEvent(body);
      for (const rename of renames) await renameBar(id, rename);
      return updateEvent(id, body);
    },
    // After a failed PUT the renames may already be saved: refetch either way.
    onSettled: async (saved, _error, { id, renames = [] }) => {
      const eventId = saved?.id ?? id;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['eventos'] }),
        ...(eventId ? [queryClient.invalidateQueries({ queryKey: ['evento', eventId] })] : []),
        // A renamed bar is renamed in the ticket types' allowed bars too.
        ...(renames.length > 0 ? [queryClient.invalidateQueries({ queryKey: ['tipos-ticket'] })] : []),
      ]);
    },
  });
}
