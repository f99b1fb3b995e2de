import type { AlertRules, EventAlerts } from '@drinkflow/domain/alerts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const alertsQueryKey = (eventoId: number) => ['alertas', eventoId] as const;

export const alertsQueryOptions = (eventoId: number) =>
  queryOptions({
    queryKey: alertsQueryKey(eventoId),
    queryFn: () => api.get<EventAlerts>(`/eventos/${eventoId}/alertas`),
  });

/** The event's thresholds and alerts; the live stream (use-live-stats) keeps this query current. */
export const useEventAlerts = (eventoId: number) => useQuery(alertsQueryOptions(eventoId));

export function useSaveAlertRules(eventoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: AlertRules) => api.put<EventAlerts>(`/eventos/${eventoId}/alertas/reglas`, rules),
    onSuccess: (saved) => queryClient.setQueryData(alertsQueryKey(eventoId), saved),
  });
}
