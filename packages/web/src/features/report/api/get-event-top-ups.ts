import type { EventTopUps } from '@drinkflow/domain/topups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const eventTopUpsQueryKey = (eventoId: number) => ['eventos', eventoId, 'recargas'] as const;

/** GET /api/eventos/{id}/recargas — totals, totals by payment method and the newest top-ups. */
export const getEventTopUps = (eventoId: number) => api.get<EventTopUps>(`/eventos/${eventoId}/recargas`);

export const eventTopUpsQueryOptions = (eventoId: number) =>
  queryOptions({ queryKey: eventTopUpsQueryKey(eventoId), queryFn: () => getEventTopUps(eventoId) });

/** The event's top-ups (docs/rules/festivals.md), as the printable report shows them. */
export const useEventTopUps = (eventoId: number, enabled = true) =>
  useQuery({ ...eventTopUpsQueryOptions(eventoId), enabled });
