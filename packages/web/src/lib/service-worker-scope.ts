/*
 * The little of the service worker scope our workers use (scanner-sw.ts, guest-sw.ts), typed
 * here: the web project's TypeScript library is the DOM's, not the worker's. Types only.
 */
export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse?: Promise<Response | undefined>;
}

/** A worker's global scope, with the install event it listens to. */
export interface WorkerScope<Install extends ExtendableEvent = ExtendableEvent> {
  /** Replaced at build time by the precache list (workbox-build's injection point). */
  readonly __WB_MANIFEST: { url: string; revision: string | null }[];
  readonly registration: { navigationPreload?: { enable(): Promise<void> } };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: Install) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
}
