import type { PairedDevice } from '@drinkflow/domain/devices';
import type { StaffEvent } from '@drinkflow/domain/team';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The events whose team the signed-in person is on, active first (docs/rules/team.md). */
export const useStaffEvents = () =>
  useQuery({ queryKey: ['barra', 'eventos'], queryFn: () => api.get<StaffEvent[]>('/barra/eventos') });

/** Pairs this browser with the event as the signed-in member's own scanner. */
export const pairOwnDevice = (eventoId: number, nombre: string) =>
  api.post<PairedDevice>(`/eventos/${eventoId}/dispositivos/propio`, { nombre });
