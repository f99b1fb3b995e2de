import { ADMIN_PAGE_LIMIT } from '@drinkflow/domain/admin';
import { useState } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useAdminUsers } from '../api/get-admin-users';

export const USERS_PAGE_SIZE = ADMIN_PAGE_LIMIT.default;

/**
 * One page of users matching the search. The server searches and pages; the search goes once the
 * typing pauses (a cleared one at once) and a new search returns to page 1.
 */
export function useUsersList() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search);
  const applied = search.trim() ? debounced.trim() : '';
  const users = useAdminUsers({ search: applied, page, limit: USERS_PAGE_SIZE });

  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  // The last page emptied meanwhile: show the new last page.
  if (users.data && !users.isPlaceholderData && page > pages) setPage(pages);

  return {
    users,
    total,
    search,
    /** The search the shown page was loaded with. */
    appliedSearch: applied,
    changeSearch(next: string) {
      setSearch(next);
      setPage(1);
    },
    page,
    setPage,
  };
}
