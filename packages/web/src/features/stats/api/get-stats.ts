import type { EventStats } from '@drinkflow/domain/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const statsQueryKey = (eventoId: number) => ['stats', eventoId] as const;

export const getStats = (eventoId: number) => api.get<EventStats>(`/stats/${eventoId}`);

export const statsQueryOptions = (eventoId: number) =>
  queryOptions({ queryKey: statsQueryKey(eventoId), queryFn: () => getStats(eventoId) });

/** The event's statistics; the live stream (use-live-stats) keeps this query's data current. */
export const useStats = (eventoId: number) => useQuery(statsQueryOptions(eventoId));
