import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { AuthProvider } from '@/lib/auth';

// The toast region (Radix) loads after the first paint; toasts raised before it arrives wait in
// the store (hooks/use-toast) and show as soon as it mounts.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

/** What every page runs inside: server state, the session and the toasts (tests render through it too). */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </AuthProvider>
    </QueryClientProvider>
  );
}
