import type { RecentDrink, SupervisorUndoResponse } from '@drinkflow/domain/supervision';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { BOARD_REFRESH_MS, devicesQueryKey } from './board';

export const recentDrinksQueryKey = (eventId: number) => ['consumos-recientes', eventId] as const;

export const getRecentDrinks = (eventId: number) =>
  api.get<RecentDrink[]>(`/eventos/${eventId}/consumos/recientes`);
export const undoDrink = (eventId: number, drinkId: number) =>
  api.post<SupervisorUndoResponse>(`/eventos/${eventId}/consumos/${drinkId}/deshacer`);

export const useRecentDrinks = (eventId: number) =>
  useQuery({
    queryKey: recentDrinksQueryKey(eventId),
    queryFn: () => getRecentDrinks(eventId),
    refetchInterval: BOARD_REFRESH_MS,
  });

export function useUndoDrink(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (drinkId: number) => undoDrink(eventId, drinkId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recentDrinksQueryKey(eventId) }),
        queryClient.invalidateQueries({ queryKey: devicesQueryKey(eventId) }),
      ]),
  });
}
