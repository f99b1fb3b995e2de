import { QueryClient } from '@tanstack/react-query';

// docs/rules/api-conventions.md: no refetch interval, no refetch on focus, never stale, no retries.
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
