import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { BOARD_REFRESH_MS, devicesQueryKey } from './board';

/** One of the event's drinks of the last 30 minutes, as a supervisor may undo it (docs/rules/devices.md). */
export interface RecentDrink {
  id: number;
  ticketId: number;
  titular: string;
  tipoBebida: string;
  barra: string | null;
  timestamp: string;
  /** The device's name, when a paired or link device served it. */
  dispositivo: string | null;
  /** Who served it, when a signed-in member did. */
  persona: string | null;
}

export const recentDrinksQueryKey = (eventId: number) => ['consumos-recientes', eventId] as const;

export const getRecentDrinks = (eventId: number) =>
  api.get<RecentDrink[]>(`/eventos/${eventId}/consumos/recientes`);
export const undoDrink = (eventId: number, drinkId: number) =>
  api.post<unknown>(`/eventos/${eventId}/consumos/${drinkId}/deshacer`);

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
