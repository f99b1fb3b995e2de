import type { EventAlerts } from '@drinkflow/domain/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/* An event's alert thresholds and the alerts fired, shown by the statistics page and the report. */

export const alertsQueryKey = (eventoId: number) => ['alertas', eventoId] as const;

export const alertsQueryOptions = (eventoId: number) =>
  queryOptions({
    queryKey: alertsQueryKey(eventoId),
    queryFn: () => api.get<EventAlerts>(`/eventos/${eventoId}/alertas`),
  });

/** The event's thresholds and alerts; the live stream (use-live-stats) keeps this query current. */
export const useEventAlerts = (eventoId: number) => useQuery(alertsQueryOptions(eventoId));
