import type { EventoDetail } from '@drinkflow/domain/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/* One event with its details, read by the event's own pages, its report and its WhatsApp sending list. */

export const eventQueryKey = (id: number) => ['evento', id] as const;

export const getEvent = (id: number) => api.get<EventoDetail>(`/evento/${id}`);

export const eventQueryOptions = (id: number) =>
  queryOptions({ queryKey: eventQueryKey(id), queryFn: () => getEvent(id) });

export const useEvent = (id: number) =>
  useQuery({ ...eventQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
