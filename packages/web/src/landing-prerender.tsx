import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { LandingPage } from './features/landing/pages/landing-page';

/**
 * The landing page's HTML at build time (scripts/prerender-landing.mjs puts it in landing.html):
 * a phone on venue mobile data paints the page before any JavaScript arrives; landing-main.tsx then
 * hydrates it.
 */
export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
}
