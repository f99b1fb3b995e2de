import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LandingPage />
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  </StrictMode>,
);
