/*
 * Whether the scanner's server answers, as the scanner's own requests last found it (the browser's
 * `navigator.onLine` only knows about the device's link, not a venue's dead uplink or a server that
 * is down). Every scanner request reports here (api/scanner-client.ts).
 */

type Listener = (reachable: boolean) => void;

const listeners = new Set<Listener>();
/** null until a request has been answered or has failed. */
let reachable: boolean | null = null;

export function reportReachable(answered: boolean): void {
  const changed = reachable !== answered;
  reachable = answered;
  if (changed) listeners.forEach((listener) => listener(answered));
}

/** Calls `listener` when the server starts or stops answering. */
export function onReachabilityChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Online: the device has a link and the server's last answer (if any) came. */
export const isOnline = () =>
  (typeof navigator === 'undefined' || navigator.onLine !== false) && reachable !== false;
