/*
 * The bar scanner's service worker, built by vite-plugin-pwa (injectManifest) into dist/scanner-sw.js
 * and registered by the scanner page only, with the scope /scanner/ (docs/decisions/034):
 * - precaches the scanner page, its chunks (the camera decoder and its worker included), the icons
 *   and the favicon — the list is made at build time from Vite's manifest (vite.config.ts);
 * - answers a navigation to /scanner/{apiKey} from the network, and from the cached scanner.html
 *   when the network fails, is too slow or the server answers 5xx;
 * - never touches /api/*: the browser sends those straight to the network (a static route where the
 *   browser has them, and no route of ours matches them anywhere else), nothing is cached;
 * - a new version takes over at once and drops the files the old one cached.
 * The organizer's app, the landing and login pages are outside its scope: it never sees them.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import type { ExtendableEvent, FetchEvent, WorkerScope } from '@/lib/service-worker-scope';

interface InstallEvent extends ExtendableEvent {
  /** ServiceWorker static routing (Chromium 123+): requests the browser sends without waking us. */
  addRoutes?: (rules: { condition: { urlPattern: unknown }; source: 'network' }[]) => Promise<void>;
}
declare const self: WorkerScope<InstallEvent>;
declare const URLPattern: (new (init: { pathname: string }) => unknown) | undefined;

/** The cached page every scanner URL opens when the network cannot give it. */
const SCANNER_PAGE = '/scanner.html';
/** How long a navigation waits for the server before the cached page opens (a venue's slow link). */
const NETWORK_TIMEOUT_MS = 3_000;
/** The scanner's URLs, as the page reads them (features/scanner/utils/api-key-from-path.ts). */
const SCANNER_PATH = /^\/scanner\/[^/]*\/?$/;

self.addEventListener('install', (event) => {
  // Take over from an older version without waiting for every scanner tab to close.
  void self.skipWaiting();
  if (event.addRoutes && typeof URLPattern === 'function') {
    // A scan request never waits for this worker to start. A browser that refuses the rule still
    // installs the worker: the fetch route below ignores /api/* anyway.
    event.waitUntil(
      event
        .addRoutes([{ condition: { urlPattern: new URLPattern({ pathname: '/api/*' }) }, source: 'network' }])
        .catch(() => undefined),
    );
  }
});

self.addEventListener('activate', (event) => {
  // Control the pages open now (the first visit's page included), and start a navigation's network
  // request while this worker boots.
  event.waitUntil(
    Promise.all([self.clients.claim(), self.registration.navigationPreload?.enable()]).catch(() => undefined),
  );
});

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const timeout = (ms: number) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error('network timeout')), ms));

async function fromNetwork(event: FetchEvent, request: Request): Promise<Response> {
  const preloaded = await event.preloadResponse;
  return preloaded ?? fetch(request);
}

/** Network first, the cached scanner.html when offline, too slow, or the server fails. */
async function scannerPage({ event, request }: { event: FetchEvent; request: Request }): Promise<Response> {
  let fresh: Response | undefined;
  try {
    fresh = await Promise.race([fromNetwork(event, request), timeout(NETWORK_TIMEOUT_MS)]);
    if (fresh.status < 500) return fresh;
  } catch {
    // Offline or too slow: the cached page below.
  }
  return (await matchPrecache(SCANNER_PAGE)) ?? fresh ?? Response.error();
}

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === location.origin && SCANNER_PATH.test(url.pathname),
  // workbox types its handler's event with the worker's own FetchEvent.
  scannerPage as unknown as Parameters<typeof registerRoute>[1],
);
