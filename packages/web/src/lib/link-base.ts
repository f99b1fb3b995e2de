import { describeLinkBase, type LinkBase } from '@drinkflow/domain/link-base';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

export const linkBaseQuery = queryOptions({
  queryKey: ['enlaces'],
  queryFn: () => api.get<LinkBase>('/enlaces'),
});

/**
 * The base of the guest links this screen sends, and whether it is this computer's loopback
 * (GET /api/enlaces: PUBLIC_URL or the origin the request came to; docs/rules/guests.md). Undefined
 * while it is asked; when the server cannot answer, this page's origin, judged the same way.
 */
export function useLinkBase(): LinkBase | undefined {
  const query = useQuery(linkBaseQuery);
  if (query.data) return query.data;
  if (query.isError) return describeLinkBase(window.location.origin);
  return undefined;
}
