import type { AdminSummary } from '@drinkflow/domain/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Every admin query starts with this key; a change to a user invalidates it as a whole. */
export const adminKey = ['admin'] as const;

/** The dashboard's figures and recent activity. */
export const getAdminSummary = (signal?: AbortSignal) => api.get<AdminSummary>('/admin/summary', { signal });

export const adminSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKey, 'summary'],
    queryFn: ({ signal }) => getAdminSummary(signal),
  });

export const useAdminSummary = () => useQuery(adminSummaryQueryOptions());
