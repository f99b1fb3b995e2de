import { getGuestTicket } from './api/get-guest-ticket';
import { messageScreen } from './components/message-screen';
import { createTicketScreen, type TicketScreen } from './components/ticket-screen';
import { guestTicketView, offlineText, type GuestTicketView } from './utils/guest-ticket-view';

/** How often an open, visible page asks for the drinks left. */
export const REFRESH_MS = 30_000;

export interface GuestTicketPageOptions {
  fetcher?: typeof fetch;
  now?: () => Date;
}

/**
 * The guest's ticket page in `root`: loads the ticket, then keeps its drinks left live — every 30 s
 * while the page is visible, and at once when it becomes visible again, gets the focus or the network
 * comes back. Without network it shows the copy its service worker kept, and says from when.
 * Returns a function that stops the refreshes (tests).
 */
export function startGuestTicketPage(
  root: HTMLElement,
  token: string,
  { fetcher = (...args) => fetch(...args), now = () => new Date() }: GuestTicketPageOptions = {},
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

  async function load(): Promise<void> {
    const result = await getGuestTicket(token, fetcher);
    if (result.kind === 'not-found') {
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
  /** One request at a time: a refresh asked for during one joins it. */
  function refresh(): Promise<void> {
    loading ??= load().finally(() => {
      loading = null;
    });
    return loading;
  }

  const whenVisible = () => {
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

  return () => {
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
