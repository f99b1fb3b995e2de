import type { BulkQueued, EnvioProgress } from '@drinkflow/domain/email';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ordersKey } from './get-orders';

/** Every event's email progress starts with this key. */
export const emailProgressRootKey = ['envios'] as const;
export const emailProgressKey = (eventoId: number) => [...emailProgressRootKey, eventoId] as const;

/** GET /api/eventos/{id}/envios — the event's orders by the state of their email. */
export const getEmailProgress = (eventoId: number) => api.get<EnvioProgress>(`/eventos/${eventoId}/envios`);

export const emailProgressQueryOptions = (eventoId: number) =>
  queryOptions({ queryKey: emailProgressKey(eventoId), queryFn: () => getEmailProgress(eventoId) });

/** While emails wait in the queue, asks again every 2 s (a progress bar). */
export const useEmailProgress = (eventoId: number, enabled = true) =>
  useQuery({
    ...emailProgressQueryOptions(eventoId),
    enabled,
    refetchInterval: (query) => (query.state.data?.enCola ? 2000 : false),
  });

/** POST /api/eventos/{id}/enviar-tickets — queues every pending order's email. */
export const sendEventEmails = (eventoId: number, soloPendientes: boolean) =>
  api.post<BulkQueued>(`/eventos/${eventoId}/enviar-tickets`, { soloPendientes });

export function useSendEventEmails(eventoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (soloPendientes: boolean) => sendEventEmails(eventoId, soloPendientes),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: emailProgressKey(eventoId) }),
        queryClient.invalidateQueries({ queryKey: ordersKey }),
      ]),
  });
}
