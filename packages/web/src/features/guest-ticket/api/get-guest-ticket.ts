import type { GuestTicket } from '../types';

/**
 * The header the guest page's service worker (pwa/guest-sw.ts) adds to the copy of an answer it
 * keeps: when the answer comes from that copy (no network), the moment it was received.
 */
export const SAVED_AT_HEADER = 'x-drinkflow-guardado-en';

export const guestTicketUrl = (token: string) => `/api/t/${encodeURIComponent(token)}`;

export type GuestTicketResult =
  /** `savedAt`: the answer is the copy kept for no network, received then. */
  | { kind: 'ok'; ticket: GuestTicket; savedAt: Date | null }
  | { kind: 'not-found' }
  /** No answer (no network and no kept copy) or a server failure. */
  | { kind: 'error' };

/** GET /api/t/{token}: the guest's ticket, as live as the network allows. */
export async function getGuestTicket(
  token: string,
  fetcher: typeof fetch = fetch,
): Promise<GuestTicketResult> {
  let response: Response;
  try {
    response = await fetcher(guestTicketUrl(token), { headers: { accept: 'application/json' } });
  } catch {
    return { kind: 'error' };
  }
  if (response.status === 404) return { kind: 'not-found' };
  if (!response.ok) return { kind: 'error' };
  try {
    const ticket = (await response.json()) as GuestTicket;
    const saved = response.headers.get(SAVED_AT_HEADER);
    const savedAt = saved ? new Date(saved) : null;
    return { kind: 'ok', ticket, savedAt: savedAt && !Number.isNaN(savedAt.getTime()) ? savedAt : null };
  } catch {
    return { kind: 'error' };
  }
}
