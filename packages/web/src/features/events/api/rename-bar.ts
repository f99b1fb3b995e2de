import type { Evento } from '@drinkflow/domain/events';
import type { RenameBarInput } from '@drinkflow/domain/event-bars';
import { api } from '@/lib/api';

/** PATCH /api/eventos/{id}/barras {de, a}: renames a bar in the event, its ticket types, drinks and scan log. */
export const renameBar = (id: number, body: RenameBarInput) =>
  api.patch<Evento>(`/eventos/${id}/barras`, body);
