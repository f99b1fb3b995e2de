import type { AlertRules, EventAlerts } from '@drinkflow/domain/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertsQueryKey } from '@/hooks/use-alerts';
import { api } from '@/lib/api';

export function useSaveAlertRules(eventoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: AlertRules) => api.put<EventAlerts>(`/eventos/${eventoId}/alertas/reglas`, rules),
    onSuccess: (saved) => queryClient.setQueryData(alertsQueryKey(eventoId), saved),
  });
}
