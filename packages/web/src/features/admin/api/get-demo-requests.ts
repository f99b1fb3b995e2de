import type { DemoRequestsPage } from '@drinkflow/domain/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminKey } from './get-admin-summary';

/** One page of the demo requests sent from the landing page, newest first. */
export const getDemoRequests = (page: number, limit: number, signal?: AbortSignal) =>
  api.get<DemoRequestsPage>(`/admin/demo-requests?page=${page}&limit=${limit}`, { signal });

export const demoRequestsQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: [...adminKey, 'demo-requests', { page, limit }],
    queryFn: ({ signal }) => getDemoRequests(page, limit, signal),
    placeholderData: keepPreviousData,
  });

export const useDemoRequests = (page: number, limit: number) =>
  useQuery(demoRequestsQueryOptions(page, limit));
