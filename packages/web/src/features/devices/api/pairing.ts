import type { Pairing } from '@drinkflow/domain/devices';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** A new pairing code for the event (docs/rules/devices.md); each call makes a fresh one. */
export const createPairing = (eventId: number) =>
  api.post<Pairing>(`/eventos/${eventId}/dispositivos/emparejamientos`);

export const useCreatePairing = (eventId: number) =>
  useMutation({ mutationFn: () => createPairing(eventId) });
