import { LandingPage } from './features/landing/pages/landing-page';
import { reloadOnFailedChunks } from './lib/chunk-reload';
import { mountPrerenderedPage } from './lib/mount-prerendered-page';
import './index.css';

/*
 * The landing page's own entry (landing.html, sent by the server for `/`): React and the landing
 * only — no router, session provider or queries, which the app loads when a visitor signs in.
 * Links to the app are whole pages. scripts/route-budget.mjs keeps it small; the build prerenders
 * the page into landing.html (scripts/prerender-pages.mjs). Toasts: the demo form's answer.
 */
reloadOnFailedChunks();
mountPrerenderedPage(<LandingPage />);
