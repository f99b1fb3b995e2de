import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { errorCodes } from '@drinkflow/domain/errors';
import { guestTicketMessages, guestTicketParams } from '@drinkflow/domain/guest-ticket';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { HttpError, notFound } from '../../http/errors';
import { scanSourceFor } from '../stats-stream';
import { createGuestLiveHub, type GuestSubscriber } from './live-hub';
import { ticketOfToken, ticketVersions } from './live-versions';

/** A comment line at least this often keeps proxies and phones from closing an idle stream. */
export const GUEST_HEARTBEAT_MS = 20_000;

/** How long a page's browser waits before opening the stream again after it drops. */
export const GUEST_RETRY_MS = 2_000;

/** Open streams of one guest link on one server process (a guest's tabs; a leaked link is not a free pipe). */
export const MAX_STREAMS_PER_GUEST_LINK = 5;

const tooManyStreams = () =>
  new HttpError(
    429,
    errorCodes.rateLimited,
    'Este ticket ya está abierto en demasiadas pestañas. Cierra alguna e inténtalo de nuevo.',
    undefined,
    { 'retry-after': '10' },
  );

type Hook = (request: FastifyRequest) => Promise<void>;

/**
 * GET /api/t/{token}/stream (docs/rules/guests.md, docs/decisions/066): `text/event-stream` that sends
 * `event: cambio` within about half a second of any change of the ticket made on any server process
 * (a drink, an undo, a top-up), and `: ping` heartbeats. It carries no ticket data: the page then
 * asks GET /api/t/{token} as it always does. Opening counts against the guest page's per-address
 * limit; the token is in the path, which the logs redact.
 */
export function registerGuestStreamRoute(
  { app, db }: AppContext,
  { onRequest, headers }: { onRequest: Hook[]; headers: Record<string, string> },
): void {
  const hub = createGuestLiveHub({
    source: scanSourceFor(db, app.log),
    versions: (ids) => ticketVersions(db, ids),
    log: app.log,
  });
  app.addHook('preClose', async () => hub.endAll());
  app.addHook('onClose', async () => hub.close());

  /** Open streams per link on this process, keyed by the token's hash: no secret kept as a key. */
  const openPerLink = new Map<string, number>();
  const release = (link: string) => {
    const left = (openPerLink.get(link) ?? 1) - 1;
    if (left > 0) openPerLink.set(link, left);
    else openPerLink.delete(link);
  };

  app.get(
    '/api/t/:token/stream',
    { onRequest, schema: { params: guestTicketParams }, compress: false },
    async (request, reply) => {
      const { token } = request.params;
      const link = createHash('sha256').update(token).digest('base64url');
      const open = openPerLink.get(link) ?? 0;
      if (open >= MAX_STREAMS_PER_GUEST_LINK) throw tooManyStreams();
      openPerLink.set(link, open + 1);

      let ended = false;
      let streaming = false;
      let pending = false;
      let heartbeat: NodeJS.Timeout | undefined = undefined;
      let unsubscribe = () => undefined as void;
      function finish() {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        release(link);
        if (streaming) reply.raw.end();
      }
      const out = reply.raw;
      const write = (chunk: string) => {
        // Behind a slow client one pending 'cambio' stands for any number of them.
        if (out.writableNeedDrain) pending = true;
        else out.write(chunk);
      };
      const subscriber: GuestSubscriber = {
        changed: () => {
          if (streaming && !ended) write('event: cambio\ndata: {}\n\n');
        },
        end: () => finish(),
      };
      out.on('close', () => {
        finish();
        const socket = request.raw.socket as { destroy?: () => void } | undefined;
        if (typeof socket?.destroy === 'function') socket.destroy();
      });
      out.on('drain', () => {
        if (!pending || ended) return;
        pending = false;
        out.write('event: cambio\ndata: {}\n\n');
      });

      try {
        const found = await ticketOfToken(db, token);
        if (!found) throw notFound(guestTicketMessages.notFound);
        unsubscribe = await hub.subscribe(found.eventoId, found.ticketId, subscriber, async () => {
          const versions = await ticketVersions(db, [found.ticketId]);
          return versions.get(found.ticketId) ?? null;
        });
      } catch (error) {
        finish();
        throw error;
      }
      if (ended) return reply.code(204).send();
      reply.hijack();
      const outgoing: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) outgoing[name] = value;
      }
      out.writeHead(200, {
        ...outgoing,
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'close',
      });
      streaming = true;
      // The page asks for its ticket when the stream opens (a change before it is in that answer).
      out.write(`retry: ${GUEST_RETRY_MS}\n\n`);
      heartbeat = setInterval(() => {
        if (!out.writableNeedDrain) out.write(': ping\n\n');
      }, GUEST_HEARTBEAT_MS);
      return reply;
    },
  );
}
