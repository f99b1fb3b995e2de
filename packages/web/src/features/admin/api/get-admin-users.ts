import type { AdminUsersPage } from '@drinkflow/domain/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminKey } from './get-admin-summary';

export interface AdminUsersRequest {
  search: string;
  page: number;
  limit: number;
}

export const adminUsersUrl = ({ search, page, limit }: AdminUsersRequest) => {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (search.trim()) query.set('search', search.trim());
  return `/admin/users?${query.toString()}`;
};

/** One page of users, searched by name or email on the server. */
export const getAdminUsers = (request: AdminUsersRequest, signal?: AbortSignal) =>
  api.get<AdminUsersPage>(adminUsersUrl(request), { signal });

export const adminUsersQueryOptions = (request: AdminUsersRequest) =>
  queryOptions({
    queryKey: [...adminKey, 'users', request],
    queryFn: ({ signal }) => getAdminUsers(request, signal),
    // The rows stay while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (request: AdminUsersRequest) => useQuery(adminUsersQueryOptions(request));
