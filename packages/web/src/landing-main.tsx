import { lazy, StrictMode, startTransition, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingPage } from './features/landing/pages/landing-page';
import { reloadOnFailedChunks } from './lib/chunk-reload';
import './index.css';

/*
 * The landing page's own entry (landing.html, sent by the server for `/`): React and the landing
 * only — no router, session provider or queries, which the app loads when a visitor signs in.
 * Links to the app are whole pages. scripts/route-budget.mjs keeps it small.
 */
const Toaster = lazy(async () => ({ default: (await import('./components/ui/toaster')).Toaster }));

reloadOnFailedChunks();

const container = document.getElementById('root')!;
const page = (
  <StrictMode>
    <LandingPage />
  </StrictMode>
);
// The build prerenders the page into landing.html (scripts/prerender-landing.mjs): take it over.
// As a transition, hydration runs in slices of a few milliseconds instead of one long task: the
// page is already painted, and a tap meanwhile is answered (docs/decisions/024).
startTransition(() => {
  if (container.hasChildNodes()) hydrateRoot(container, page);
  else createRoot(container).render(page);
});

// Toasts (the demo form's answer) in a root of their own, after the page.
const toasts = document.createElement('div');
document.body.append(toasts);
createRoot(toasts).render(
  <Suspense fallback={null}>
    <Toaster />
  </Suspense>,
);
