/*
 * Registers the guest page's service worker (guest-sw.ts) from the guest page only, after the page
 * has loaded and the main thread is idle, so the first paint never waits for it. Scope /t/: it
 * never sees the organizer's app, the landing, the login page or the scanner (whose worker has the
 * scope /scanner/). No workbox-window: the page needs no update messages (it loads no chunk later,
 * so a new worker taking over an open page breaks nothing).
 *
 * Service workers exist on secure origins only (HTTPS, or localhost); elsewhere the page works
 * online only.
 */

export const GUEST_WORKER_URL = '/guest-sw.js';
export const GUEST_WORKER_SCOPE = '/t/';

export function registerGuestWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register(GUEST_WORKER_URL, { scope: GUEST_WORKER_SCOPE })
      .catch((error: unknown) => console.warn('No se pudo guardar el ticket para verlo sin conexión', error));
  };
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(register, { timeout: 5_000 })
      : window.setTimeout(register, 1_000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
