/*
 * The guest ticket page's service worker, built by vite-plugin-pwa (injectManifest) into
 * dist/guest-sw.js and registered by the guest page only, with the scope /t/:
 * - precaches t.html, its script and stylesheet, the favicon and the icons (the list is made at
 *   build time from Vite's manifest, vite.config.ts);
 * - answers a navigation to /t/{token} from the network, and from the cached t.html when the
 *   network fails, is too slow or the server answers 5xx;
 * - GET /api/t/{token} from the network, keeping the last good answer per token; without network
 *   (or after 5 s) the kept answer, marked with the moment it was received so the page can say
 *   'Sin conexión — datos de las HH:mm'. A 404 (the link was replaced) drops the kept answer.
 * Nothing else of /api/ is touched: the page asks for nothing else.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import type { FetchEvent, WorkerScope } from '@/lib/service-worker-scope';
import { SAVED_AT_HEADER } from '../api/get-guest-ticket';

declare const self: WorkerScope;

const GUEST_PAGE = '/t.html';
/** The guest's tickets' last answers, one entry per token. */
const ANSWERS_CACHE = 'drinkflow-guest-tickets';
const PAGE_TIMEOUT_MS = 3_000;
const ANSWER_TIMEOUT_MS = 5_000;
const GUEST_PATH = /^\/t\/[^/]+\/?$/;
const ANSWER_PATH = /^\/api\/t\/[^/]+$/;

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([self.clients.claim(), self.registration.navigationPreload?.enable()]).catch(() => undefined),
  );
});

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const timeout = (ms: number) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error('network timeout')), ms));

/** Network first, the cached t.html when offline, too slow, or the server fails. */
async function guestPage({ event, request }: { event: FetchEvent; request: Request }): Promise<Response> {
  let fresh: Response | undefined;
  try {
    const network = event.preloadResponse
      ? event.preloadResponse.then((preloaded) => preloaded ?? fetch(request))
      : fetch(request);
    fresh = await Promise.race([network, timeout(PAGE_TIMEOUT_MS)]);
    if (fresh.status < 500) return fresh;
  } catch {
    // Offline or too slow: the cached page below.
  }
  return (await matchPrecache(GUEST_PAGE)) ?? fresh ?? Response.error();
}

/** A copy of a good answer, stamped with when it was received. */
async function stamped(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, new Date().toISOString());
  return new Response(await response.blob(), { status: response.status, headers });
}

/** The ticket's answer from the network, kept; the kept one when the network cannot give it. */
async function guestAnswer({ request }: { request: Request }): Promise<Response> {
  const cache = await caches.open(ANSWERS_CACHE);
  const key = new URL(request.url).pathname;
  try {
    const fresh = await Promise.race([fetch(request), timeout(ANSWER_TIMEOUT_MS)]);
    if (fresh.ok) await cache.put(key, await stamped(fresh.clone()));
    else if (fresh.status === 404) await cache.delete(key);
    if (fresh.status < 500) return fresh;
    return (await cache.match(key)) ?? fresh;
  } catch {
    return (await cache.match(key)) ?? Response.error();
  }
}

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === location.origin && GUEST_PATH.test(url.pathname),
  // workbox types its handler's event with the worker's own FetchEvent.
  guestPage as unknown as Parameters<typeof registerRoute>[1],
);

registerRoute(
  ({ url }) => url.origin === location.origin && ANSWER_PATH.test(url.pathname),
  guestAnswer as unknown as Parameters<typeof registerRoute>[1],
  'GET',
);
