/*
 * Change notices of the scanner's offline state, inside this page and to the scanner's other tabs
 * on this device (BroadcastChannel): the status shown re-reads the store when told, and a tab learns
 * of a drink another tab queued or sent.
 */

type Listener = () => void;

const listeners = new Set<Listener>();
const CHANNEL = 'drinkflow-escaner-offline';
let channel: BroadcastChannel | null | undefined;

function tabs(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    channel?.addEventListener('message', () => listeners.forEach((listener) => listener()));
  }
  return channel;
}

/** Calls `listener` after every change of the queue, the data or the failures (here or in another tab). */
export function onOfflineChange(listener: Listener): () => void {
  tabs();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells this page and the other tabs that the offline store changed. */
export function offlineChanged(): void {
  listeners.forEach((listener) => listener());
  tabs()?.postMessage('cambio');
}
