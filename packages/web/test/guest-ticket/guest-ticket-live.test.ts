import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOURCE_CLOSED, type LiveSource } from '@/features/guest-ticket/api/guest-ticket-stream';
import { startGuestTicketPage } from '@/features/guest-ticket/guest-ticket-page';
import { guestTicketFixture } from './fixtures';

// docs/decisions/066: the guest page is live while visible — it asks for its ticket when the
// ticket's stream says `cambio` (and when it opens), and in the background holds no stream.

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

class FakeSource implements LiveSource {
  readyState = 0;
  closed = false;
  private listeners = new Map<string, (() => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: 'open' | 'cambio') {
    if (type === 'open') this.readyState = 1;
    this.listeners.get(type)?.forEach((listener) => listener());
  }
  close() {
    this.closed = true;
    this.readyState = SOURCE_CLOSED;
  }
}

let stop: (() => void) | undefined;
let visibility: DocumentVisibilityState = 'visible';
afterEach(() => {
  stop?.();
  document.body.replaceChildren();
  visibility = 'visible';
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function start(fetcher: typeof fetch) {
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  const sources: FakeSource[] = [];
  const root = document.createElement('main');
  document.body.append(root);
  stop = startGuestTicketPage(root, 'TokenDePrueba0123456789', {
    fetcher,
    now: () => new Date('2026-07-04T20:00:00.000Z'),
    openLiveSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
  });
  return sources;
}

function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
}

const drinksLeft = () => screen.getByRole('region', { name: 'Bebidas restantes' });

describe('the guest ticket page, live', () => {
  it('opens its ticket’s stream and shows a drink as soon as the stream announces it', async () => {
    let left = 3;
    const fetcher = vi.fn<typeof fetch>(async () =>
      json(guestTicketFixture({ bebidasConsumidas: 4 - left, bebidasRestantes: left })),
    );
    const sources = start(fetcher);
    await waitFor(() => expect(drinksLeft()).toHaveTextContent('3 de 4'));
    expect(sources).toHaveLength(1);
    expect(sources[0]!.url).toBe('/api/t/TokenDePrueba0123456789/stream');

    left = 2;
    sources[0]!.emit('cambio');
    await waitFor(() => expect(drinksLeft()).toHaveTextContent('2 de 4'));
    // A stream that opens (or reopens after a cut) asks too: a drink may have come meanwhile.
    left = 1;
    sources[0]!.emit('open');
    await waitFor(() => expect(drinksLeft()).toHaveTextContent('1 de 4'));
  });

  it('asks once more after an answer that was already on its way when a drink was announced', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetcher = vi
      .fn<typeof fetch>()
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
      .mockResolvedValue(json(guestTicketFixture({ bebidasConsumidas: 2, bebidasRestantes: 2 })));
    const sources = start(fetcher);
    sources[0]!.emit('cambio');
    answer(json(guestTicketFixture()));
    await waitFor(() => expect(drinksLeft()).toHaveTextContent('2 de 4'));
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('closes the stream in the background, asks nothing there, and reopens it when visible', async () => {
    vi.useFakeTimers();
    const fetcher = vi.fn<typeof fetch>(async () => json(guestTicketFixture()));
    const sources = start(fetcher);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetcher).toHaveBeenCalledTimes(1);

    setVisibility('hidden');
    expect(sources[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(sources).toHaveLength(1);

    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(sources).toHaveLength(2);
    expect(sources[1]!.closed).toBe(false);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('opens a new stream at the next half-minute when the browser gave up on one (a 429)', async () => {
    vi.useFakeTimers();
    const sources = start(vi.fn<typeof fetch>(async () => json(guestTicketFixture())));
    await vi.advanceTimersByTimeAsync(0);
    sources[0]!.readyState = SOURCE_CLOSED;
    await vi.advanceTimersByTimeAsync(29_000);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sources).toHaveLength(2);
  });

  it('stops watching a link that leads to no ticket', async () => {
    const sources = start(vi.fn<typeof fetch>(async () => json({ message: 'Ticket no encontrado' }, 404)));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ticket no encontrado' }),
    ).toBeInTheDocument();
    expect(sources[0]!.closed).toBe(true);
    setVisibility('visible');
    expect(sources).toHaveLength(1);
  });
});
