import type { Evento } from '@drinkflow/domain/events';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { storedSignedInUser } from '@/lib/stored-session';

export const eventsQueryKey = (userId: number) => ['eventos', userId] as const;

export const getEvents = (userId: number) => api.get<Evento[]>(`/eventos/${userId}`);

export const eventsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: eventsQueryKey(userId), queryFn: () => getEvents(userId) });

/** The signed-in organizer's events (docs/rules/api-conventions.md: only when a user id exists). */
export function useMyEvents() {
  const { user } = useAuth();
  return useQuery({ ...eventsQueryOptions(user?.id ?? 0), enabled: !!user });
}

/**
 * Starts loading the events of the user this browser has a session for, before the app has checked
 * that session: the server answers only if the token is still good and the events are theirs, and
 * useMyEvents then finds the answer (or asks again after a failure).
 */
export function prefetchStoredUsersEvents(queryClient: QueryClient) {
  const user = storedSignedInUser();
  if (user) void queryClient.prefetchQuery(eventsQueryOptions(user.id));
}
