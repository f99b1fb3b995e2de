// The live dashboard's witness: reads GET /api/stats/{eventoId}/stream as the statistics page does
// (a streaming request with the Authorization header, the page's own event parser, reconnection
// with its backoff, a silence watchdog) and writes sse.jsonl: one line per `stats` event with the
// event's total drinks, and a line when the stream opens or closes. The judge compares it with
// the devices' logs.
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createSseParser } from '../../packages/web/src/features/stats/utils/sse-parser.ts';

/** The page's reconnection waits: 1 s doubling to 30 s, ±25 % (packages/web/src/features/stats/hooks). */
export const backoffMs = (attempt, random = Math.random) =>
  Math.round(Math.min(30_000, 1_000 * 2 ** attempt) * (0.75 + random() * 0.5));

/** The server pings every 20 s: this long without a byte, the page takes the connection for dead. */
export const SILENCE_MS = 45_000;

/** Statuses after which the page stops for good (signed out, no access, no event). */
const STOP_STATUSES = [401, 403, 404];

/**
 * @param {{baseUrl: string, ca?: string | Buffer, eventoId: number, headers: Record<string, string>,
 *   logPath: string, random?: () => number}} options
 * @returns {{stop(): Promise<void>, stopped: Promise<void>}}
 */
export function watchDashboard({ baseUrl, ca, eventoId, headers, logPath, random = Math.random }) {
  const url = new URL(`${baseUrl}/api/stats/${eventoId}/stream`);
  const client = url.protocol === 'https:' ? https : http;
  const log = (line) =>
    appendFileSync(logPath, `${JSON.stringify({ at: new Date().toISOString(), ...line })}\n`);
  let stopped = false;
  let attempt = 0;
  let current = null;
  let retry;
  let finish;
  const done = new Promise((resolve) => (finish = resolve));

  function reconnectLater(reason) {
    log({ kind: 'closed', reason });
    current = null;
    if (stopped) return finish();
    retry = setTimeout(connect, backoffMs(attempt++, random));
  }

  function connect() {
    if (stopped) return finish();
    let ended = false;
    let watchdog;
    const end = (reason) => {
      if (ended) return;
      ended = true;
      clearTimeout(watchdog);
      request.destroy();
      reconnectLater(reason);
    };
    const resetWatchdog = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => end('silence'), SILENCE_MS);
    };
    const request = client.get(
      url,
      { headers: { accept: 'text/event-stream', ...headers }, ca },
      (response) => {
        if (STOP_STATUSES.includes(response.statusCode)) {
          ended = true;
          log({ kind: 'closed', reason: `stopped ${response.statusCode}` });
          response.resume();
          stopped = true;
          return finish();
        }
        if (response.statusCode !== 200) {
          response.resume();
          return end(`status ${response.statusCode}`);
        }
        log({ kind: 'open' });
        const parser = createSseParser();
        response.setEncoding('utf8');
        resetWatchdog();
        response.on('data', (chunk) => {
          resetWatchdog();
          for (const message of parser.feed(chunk)) {
            if (message.event !== 'stats') continue;
            const stats = JSON.parse(message.data);
            attempt = 0;
            log({ kind: 'event', consumos: stats.totalConsumos, conflictos: stats.conflictosOffline ?? 0 });
          }
        });
        response.on('end', () => end('stream ended'));
        response.on('error', (error) => end(error.code ?? error.message));
      },
    );
    request.on('error', (error) => end(error.code ?? error.message));
    current = { request, end };
  }

  connect();
  return {
    stopped: done,
    /** Ends the stream and any reconnection; resolves once the watcher has stopped. */
    stop() {
      if (!stopped) {
        stopped = true;
        clearTimeout(retry);
        if (current) current.end('stopped');
        else finish();
      }
      return done;
    },
  };
}
