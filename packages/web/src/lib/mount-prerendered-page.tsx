import { lazy, StrictMode, startTransition, Suspense, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

/**
 * Starts a page built on its own (landing.html, login.html): takes over the HTML the build
 * prerendered into #root, and puts the toasts in a root of their own after it.
 */
export function mountPrerenderedPage(page: ReactNode): void {
  const container = document.getElementById('root')!;
  const content = <StrictMode>{page}</StrictMode>;
  // As a transition, hydration runs in slices of a few milliseconds instead of one long task: the
  // page is already painted, and a tap meanwhile is answered (docs/decisions/024).
  startTransition(() => {
    if (container.hasChildNodes()) hydrateRoot(container, content);
    else createRoot(container).render(content);
  });

  const toasts = document.createElement('div');
  document.body.append(toasts);
  createRoot(toasts).render(
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>,
  );
}
