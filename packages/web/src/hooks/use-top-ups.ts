import type { Recarga, TopUpInput, TopUpToday } from '@drinkflow/domain/topups';
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

/** GET /api/tickets/{id}/recargas/hoy — the ticket's festival day, for 'Usables también hoy'. */
export const getTicketTopUpToday = (ticketId: number) =>
  api.get<TopUpToday>(`/tickets/${ticketId}/recargas/hoy`);

const ticketTopUpTodayKey = (ticketId: number) => ['ticket', ticketId, 'recargas', 'hoy'] as const;

/** Read each time the dialog opens: today's drinks move with every scan. */
export const useTicketTopUpToday = (ticketId: number) =>
  useQuery({
    queryKey: ticketTopUpTodayKey(ticketId),
    queryFn: () => getTicketTopUpToday(ticketId),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** POST /api/tickets/{id}/recargas → 201 with the stored top-up. */
export const addTopUp = (ticketId: number, values: TopUpInput) =>
  api.post<Recarga>(`/tickets/${ticketId}/recargas`, values);

/** Adds drinks to one ticket, then reloads its top-ups. */
export function useAddTopUp(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TopUpInput) => addTopUp(ticketId, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ticket', ticketId, 'recargas'] }),
  });
}
