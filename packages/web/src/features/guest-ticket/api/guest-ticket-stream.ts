/** The part of `EventSource` the page uses, so tests can hand in their own. */
export interface LiveSource {
  readonly readyState: number;
  addEventListener(type: 'open' | 'error' | 'cambio', listener: () => void): void;
  close(): void;
}

export type OpenLiveSource = (url: string) => LiveSource;

/** `EventSource.CLOSED`: the browser gave up (a 404 or 429 answer) and will not reconnect by itself. */
export const SOURCE_CLOSED = 2;

export const guestTicketStreamUrl = (token: string) => `/api/t/${encodeURIComponent(token)}/stream`;

/** The browser's EventSource, or null where there is none (the page then only polls). */
export const browserLiveSource: OpenLiveSource | null =
  typeof EventSource === 'undefined' ? null : (url) => new EventSource(url);

/**
 * GET /api/t/{token}/stream (docs/decisions/066): calls `onChange` when the stream opens (again) — a
 * change may have happened meanwhile — and on each `cambio`. Returns a function that closes it, and
 * whether it is still usable.
 */
export function watchGuestTicket(open: OpenLiveSource, token: string, onChange: () => void) {
  const source = open(guestTicketStreamUrl(token));
  source.addEventListener('open', onChange);
  source.addEventListener('cambio', onChange);
  return {
    close: () => source.close(),
    /** False once the browser stopped trying (it will not reconnect): open a new one later. */
    alive: () => source.readyState !== SOURCE_CLOSED,
  };
}
