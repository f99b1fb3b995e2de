import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicScannerPage } from './features/scanner/pages/public-scanner-page';
import { apiKeyFromPath } from './features/scanner/utils/api-key-from-path';
import { reloadOnFailedChunks } from './lib/chunk-reload';
import './index.css';

/*
 * The public scanner's own entry (scanner.html, sent by the server for /scanner/*): the page and
 * React, none of the app's router, session, queries or other pages. scripts/route-budget.mjs
 * keeps it small.
 */
reloadOnFailedChunks();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PublicScannerPage apiKey={apiKeyFromPath(window.location.pathname)} />
  </StrictMode>,
);
