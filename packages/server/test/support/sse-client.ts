import type { EventAlerts } from '@drinkflow/domain/alerts';
import type { EventStats } from '@drinkflow/domain/stats';

export interface SseMessage {
  event: string;
  data: string;
}

/**
 * GET `url` as an event stream over real HTTP (app.inject waits for a body that never ends):
 * collects its events, its raw text and its heartbeats as they arrive.
 */
export async function openSseStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const messages: SseMessage[] = [];
  let text = '';
  let comments = 0;
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((wake) => wake());

  let reading: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    reading = (async () => {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          text += value;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments++;
              else if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
            }
            if (data.length > 0) messages.push({ event, data: data.join('\n') });
            notify();
          }
        }
      } catch {
        // aborted
      }
    })();
  }

  const dataOf = <T>(name: string) =>
    messages.filter((m) => m.event === name).map((m) => JSON.parse(m.data) as T);

  /** The first `name` event (after `after` of them) that satisfies `match`, within `timeoutMs`. */
  async function waitForEvent<T>(
    name: string,
    match: (data: T) => boolean,
    timeoutMs: number,
    after: number,
  ) {
    const found = () => dataOf<T>(name).slice(after).find(match);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = found();
      if (hit) return hit;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `no matching ${name} event within ${timeoutMs} ms; got ${JSON.stringify(dataOf(name))}`,
        );
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        waiters.add(wake);
      });
    }
  }

  return {
    response,
    dataOf,
    text: () => text,
    comments: () => comments,
    waitForEvent,
    /** Resolves when the server ends the stream (or it is closed here). */
    ended: () => reading,
    close: () => controller.abort(),
  };
}

/** GET /api/stats/{eventoId}/stream: its `stats` and `alertas` events and heartbeats. */
export async function openStatsStream(base: string, eventoId: number, token?: string) {
  const stream = await openSseStream(`${base}/api/stats/${eventoId}/stream`, {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    'accept-encoding': 'gzip, br',
  });
  return {
    response: stream.response,
    stats: () => stream.dataOf<EventStats>('stats'),
    alerts: () => stream.dataOf<EventAlerts>('alertas'),
    comments: stream.comments,
    /** The first `stats` event (after `after` events) that satisfies `match`, within `timeoutMs`. */
    waitFor: (match: (stats: EventStats) => boolean, timeoutMs = 2_000, after = 0) =>
      stream.waitForEvent('stats', match, timeoutMs, after),
    /** The first `alertas` event (after `after` events) that satisfies `match`, within `timeoutMs`. */
    waitForAlerts: (match: (alerts: EventAlerts) => boolean, timeoutMs = 2_000, after = 0) =>
      stream.waitForEvent('alertas', match, timeoutMs, after),
    ended: stream.ended,
    close: stream.close,
  };
}
