import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { openScanner } from './features/scanner/device/complete-pairing';
import { PairingPage } from './features/scanner/pages/pairing-page';
import { PublicScannerPage } from './features/scanner/pages/public-scanner-page';
import { linkScannerManifest } from './features/scanner/pwa/link-scanner-manifest';
import { registerScannerWorker } from './features/scanner/pwa/register-scanner-worker';
import { apiKeyFromPath } from './features/scanner/utils/api-key-from-path';
import { pairingCodeFromPath } from './features/scanner/utils/pairing-path';
import { reloadOnFailedChunks } from './lib/chunk-reload';
import './index.css';

/*
 * The public scanner's own entry (scanner.html, sent by the server for /scanner/* and for the
 * pairing pages /emparejar/*): the page and React, none of the app's router, session, queries or
 * other pages. scripts/route-budget.mjs keeps it small. It is an installable app that opens with
 * no network once loaded: this event's web app manifest, and a service worker registered after
 * the first paint (docs/decisions/034).
 */
reloadOnFailedChunks();

const pairingCode = pairingCodeFromPath(window.location.pathname);
const apiKey = apiKeyFromPath(window.location.pathname);
if (pairingCode === null) linkScannerManifest(apiKey);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {pairingCode === null ? (
      <PublicScannerPage apiKey={apiKey} />
    ) : (
      <PairingPage code={pairingCode} onPaired={openScanner} />
    )}
  </StrictMode>,
);

registerScannerWorker();
