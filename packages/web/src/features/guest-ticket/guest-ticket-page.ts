import { getGuestTicket } from './api/get-guest-ticket';
import { browserLiveSource, watchGuestTicket, type OpenLiveSource } from './api/guest-ticket-stream';
import { messageScreen } from './components/message-screen';
import { createTicketScreen, type TicketScreen } from './components/ticket-screen';
import { guestTicketView, offlineText, type GuestTicketView } from './utils/guest-ticket-view';

/**
 * How often an open, visible page asks for its ticket besides the live stream: what no drink
 * announces (the next drink's time arriving, a type edited) and a stream a network cut short.
 */
export const REFRESH_MS = 30_000;

export interface GuestTicketPageOptions {
  fetcher?: typeof fetch;
  now?: () => Date;
  /** Opens the live stream; null: none (the page only polls). */
  openLiveSource?: OpenLiveSource | null;
}

/**
 * The guest's ticket page in `root`: loads the ticket, then keeps its drinks left live while the
 * page is visible (docs/decisions/066) — asks again within a second of a drink, announced by the
 * ticket's live stream, every 30 s, and at once when it becomes visible again, gets the focus or the
 * network comes back. In the background the stream is closed and nothing is asked. Without network
 * it shows the copy its service worker kept, and says from when. Returns a function that stops it all.
 */
export function startGuestTicketPage(
  root: HTMLElement,
  token: string,
  {
    fetcher = (...args) => fetch(...args),
    now = () => new Date(),
    openLiveSource = browserLiveSource,
  }: GuestTicketPageOptions = {},
): () => void {
  if (!token) {
    showMessage(root, 'Ticket no encontrado', 'Este enlace no corresponde a ningún ticket.');
    return () => undefined;
  }

  let screen: TicketScreen | null = null;
  /** When the ticket on screen was received from the server. */
  let receivedAt: Date | null = null;
  let lastView: GuestTicketView | null = null;
  let loading: Promise<void> | null = null;
  let live: ReturnType<typeof watchGuestTicket> | null = null;
  /** The link leads nowhere: nothing more to watch. */
  let gone = false;

  function stopLive() {
    live?.close();
    live = null;
  }
  /** A stream while visible (a new one when the browser gave up on the last); none in the background. */
  function syncLive() {
    if (!openLiveSource || gone || document.visibilityState !== 'visible') return stopLive();
    if (live?.alive()) return;
    stopLive();
    live = watchGuestTicket(openLiveSource, token, () => void refresh());
  }

  async function load(): Promise<void> {
    const result = await getGuestTicket(token, fetcher);
    if (result.kind === 'not-found') {
      gone = true;
      stopLive();
      screen = null;
      showMessage(
        root,
        'Ticket no encontrado',
        'Este enlace no corresponde a ningún ticket. Pide el enlace de nuevo al organizador.',
      );
      return;
    }
    if (result.kind === 'error') {
      if (screen && receivedAt && lastView) {
        // Keep the ticket on screen (its QR still works at the bar) and say it may be behind.
        screen.update(lastView, offlineText(receivedAt));
        return;
      }
      showMessage(
        root,
        'No se pudo cargar el ticket',
        'Comprueba tu conexión e inténtalo de nuevo.',
        refresh,
      );
      return;
    }
    receivedAt = result.savedAt ?? now();
    lastView = guestTicketView(result.ticket, now());
    if (!screen) {
      screen = createTicketScreen();
      root.replaceChildren(screen.element);
    }
    screen.update(lastView, result.savedAt ? offlineText(result.savedAt) : null);
  }
  /** A refresh was asked for while one ran: its answer may predate what was announced. */
  let again = false;
  /** One request at a time: a refresh asked for during one runs once more after it. */
  function refresh(): Promise<void> {
    if (loading) {
      again = true;
      return loading;
    }
    loading = load().finally(() => {
      loading = null;
      if (again) {
        again = false;
        void refresh();
      }
    });
    return loading;
  }

  const whenVisible = () => {
    syncLive();
    if (document.visibilityState === 'visible') void refresh();
  };
  const timer = window.setInterval(whenVisible, REFRESH_MS);
  document.addEventListener('visibilitychange', whenVisible);
  window.addEventListener('focus', whenVisible);
  window.addEventListener('online', whenVisible);
  // The first visit's answer came before the service worker controlled the page: asking again once
  // it does lets the worker keep a copy for no network.
  const onController = () => void refresh();
  navigator.serviceWorker?.addEventListener('controllerchange', onController, { once: true });

  void refresh();
  syncLive();

  return () => {
    stopLive();
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', whenVisible);
    window.removeEventListener('focus', whenVisible);
    window.removeEventListener('online', whenVisible);
    navigator.serviceWorker?.removeEventListener('controllerchange', onController);
  };
}

function showMessage(root: HTMLElement, title: string, text: string, retry?: () => void) {
  document.title = `${title} — DrinkFlow`;
  root.replaceChildren(messageScreen(title, text, retry));
}
