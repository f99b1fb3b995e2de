import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { PageSpinner } from './components/page-spinner';
import { LoginForm } from './features/auth/components/login-form';
import { LandingPage } from './features/landing/pages/landing-page';

/**
 * The HTML of the pages built on their own, made at build time (scripts/prerender-pages.mjs puts
 * it in their .html files): a phone on venue mobile data paints them before any JavaScript arrives;
 * landing-main.tsx and login-main.tsx then hydrate them.
 */
const render = (page: ReactNode) => renderToString(<StrictMode>{page}</StrictMode>);

export function renderLanding(): string {
  return render(<LandingPage />);
}

const notAtBuildTime = () => Promise.reject(new Error('Solo en el navegador'));

/** The login form as a fresh load shows it: no ?next= yet; with the demo accounts in demo mode. */
export function renderLogin({ demo }: { demo: boolean }): string {
  return render(<LoginForm next={null} demo={demo} signIn={notAtBuildTime} onSignedIn={() => undefined} />);
}

/**
 * What the app (index.html) shows until its code has run: the spinner its router shows while a
 * page's code loads. The first render replaces it (createRoot), so nothing moves.
 */
export function renderAppLoading(): string {
  return render(<PageSpinner />);
}
