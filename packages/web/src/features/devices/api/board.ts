import type { BoardDevice } from '@drinkflow/domain/devices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** How often the board asks again: a device that stops calling shows 'Sin conexión' within seconds. */
export const BOARD_REFRESH_MS = 5_000;

export const devicesQueryKey = (eventId: number) => ['dispositivos', eventId] as const;

export const getDevices = (eventId: number) => api.get<BoardDevice[]>(`/eventos/${eventId}/dispositivos`);
export const revokeDevice = (eventId: number, deviceId: number) =>
  api.post<BoardDevice>(`/eventos/${eventId}/dispositivos/${deviceId}/revocar`);

/** The event's devices, asked again every few seconds while the tab is visible. */
export const useDevices = (eventId: number) =>
  useQuery({
    queryKey: devicesQueryKey(eventId),
    queryFn: () => getDevices(eventId),
    refetchInterval: BOARD_REFRESH_MS,
  });

export function useRevokeDevice(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: number) => revokeDevice(eventId, deviceId),
    onSuccess: (revoked) => {
      queryClient.setQueryData<BoardDevice[]>(devicesQueryKey(eventId), (devices) =>
        devices?.map((device) => (device.id === revoked.id ? revoked : device)),
      );
      return queryClient.invalidateQueries({ queryKey: devicesQueryKey(eventId) });
    },
  });
}
