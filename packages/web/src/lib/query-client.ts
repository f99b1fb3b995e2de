import { QueryClient } from '@tanstack/react-query';

// Spec §7: no refetch interval, no refetch on focus, never stale, no retries.
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
