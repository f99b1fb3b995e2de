/*
 * Registers the scanner's service worker (scanner-sw.ts) from the scanner page, the only page that
 * does (docs/decisions/034). After the page has loaded and the main thread is idle, so the first
 * paint never waits for it. With the browser's own API: workbox-window was one more script to
 * fetch and run during the first visit, and one more file to precache (docs/decisions/049).
 *
 * Browsers offer service workers on secure origins only: over HTTPS, or on localhost. A bar that
 * reaches the server over plain HTTP on a LAN address gets the scanner as before, online only.
 */

/** The worker's file at the site's root (its own default scope would be '/'), limited to /scanner/. */
export const SCANNER_WORKER_URL = '/scanner-sw.js';
export const SCANNER_WORKER_SCOPE = '/scanner/';
/** A scanner left open all night still learns of a deploy. */
const UPDATE_CHECK_MS = 60 * 60_000;

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5_000 });
  else setTimeout(run, 1_000);
}

function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') whenIdle(run);
  else window.addEventListener('load', () => whenIdle(run), { once: true });
}

/**
 * A new version took over the page (it replaced an older worker): the page still runs the old
 * code, so it reloads — when nobody is looking at it, never in the middle of a scan. What the
 * scanner keeps for offline use lives in IndexedDB (docs/rules/offline-and-field.md) and survives the reload.
 */
function reloadWhenHidden(): void {
  const reloadIfHidden = () => {
    if (document.visibilityState === 'hidden') window.location.reload();
  };
  reloadIfHidden();
  document.addEventListener('visibilitychange', reloadIfHidden);
}

async function register(): Promise<void> {
  const { serviceWorker } = navigator;
  // The first visit's page gets its first controller when the worker claims it: nothing to reload.
  // Any later change of controller is a new version.
  let controlled = serviceWorker.controller !== null;
  let reloadPlanned = false;
  serviceWorker.addEventListener('controllerchange', () => {
    if (controlled && !reloadPlanned) {
      reloadPlanned = true;
      reloadWhenHidden();
    }
    controlled = true;
  });
  const registration = await serviceWorker.register(SCANNER_WORKER_URL, { scope: SCANNER_WORKER_SCOPE });
  setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
}

/** Registers the worker once the page is loaded and idle; nothing in development or without support. */
export function registerScannerWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  afterLoad(() => {
    register().catch((error: unknown) => console.warn('No se pudo preparar el escáner sin conexión', error));
  });
}
