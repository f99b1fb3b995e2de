import type { Evento } from '@drinkflow/domain/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useAuth } from '@/lib/auth';

export const eventsQueryKey = (userId: number) => ['eventos', userId] as const;

export const getEvents = (userId: number) => api.get<Evento[]>(`/eventos/${userId}`);

export const eventsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: eventsQueryKey(userId), queryFn: () => getEvents(userId) });

/** The signed-in organizer's events (spec §7: only when a user id exists). */
export function useMyEvents() {
  const { user } = useAuth();
  return useQuery({ ...eventsQueryOptions(user?.id ?? 0), enabled: !!user });
}
