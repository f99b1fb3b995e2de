import type { Recarga, TopUpValues } from '@drinkflow/domain/topups';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/*
 * A ticket's top-ups (docs/rules/festivals.md), shared by the order detail and the organizer's scanner: both
 * add drinks with the same dialog and read the same cache.
 */

/** GET /api/tickets/{id}/recargas — newest first. */
export const getTicketTopUps = (ticketId: number) => api.get<Recarga[]>(`/tickets/${ticketId}/recargas`);

export const ticketTopUpsKey = (ticketId: number) => ['ticket', ticketId, 'recargas'] as const;

export const ticketTopUpsQueryOptions = (ticketId: number) =>
  queryOptions({ queryKey: ticketTopUpsKey(ticketId), queryFn: () => getTicketTopUps(ticketId) });

export const useTicketTopUps = (ticketId: number, enabled = true) =>
  useQuery({ ...ticketTopUpsQueryOptions(ticketId), enabled });

/** The drinks a ticket's top-ups added to its limit. */
export const topUpDrinks = (recargas: readonly Pick<Recarga, 'bebidas'>[] | undefined) =>
  (recargas ?? []).reduce((sum, recarga) => sum + recarga.bebidas, 0);

/** POST /api/tickets/{id}/recargas → 201 with the stored top-up. */
export const addTopUp = (ticketId: number, values: TopUpValues) =>
  api.post<Recarga>(`/tickets/${ticketId}/recargas`, values);

/** Adds drinks to one ticket, then reloads its top-ups. */
export function useAddTopUp(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TopUpValues) => addTopUp(ticketId, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketTopUpsKey(ticketId) }),
  });
}
