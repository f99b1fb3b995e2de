import type { OutgoingHttpHeaders } from 'node:http';
import type { User } from '@drinkflow/domain/auth';
import { errorCodes } from '@drinkflow/domain/errors';
import type { AppContext } from '../../app-context';
import { eventoIdParams } from '../../http/params';
import { HttpError } from '../../http/errors';
import { currentUser, hashToken } from '../auth';
import { createStatsHub, scanSourceFor, type LiveUpdate, type StatsSubscriber } from './hub';
import { createAccessWatch } from './access-watch';
import { createSseWriter, type SseWriter } from './sse-writer';
import { createStreamLeases, leaseTtlFrom } from './stream-leases';

/** A comment line at least this often keeps proxies and the client's watchdog from closing the stream. */
export const HEARTBEAT_MS = 20_000;

/**
 * How often the streams of a session re-check their reader's access, once per session and event
 * (access-watch.ts): the session still valid (not signed out, not expired), the account still
 * enabled, still allowed the event's statistics (its team: docs/rules/team.md). A stream ends within about
 * this long (plus two queries) of a revocation: under 2 s.
 */
export const ACCESS_CHECK_MS = 1_000;

/** Open streams one session may have on one server process (tabs of the statistics page). */
export const MAX_STREAMS_PER_SESSION = 5;

/**
 * Open streams one account may have, all its sessions together on every server process
 * (docs/decisions/051, counted in `stream_leases`): signing in again does not open more.
 */
export const MAX_STREAMS_PER_ACCOUNT = 10;

const tooManyStreams = () =>
  new HttpError(
    429,
    errorCodes.rateLimited,
    `Ya tienes ${MAX_STREAMS_PER_SESSION} conexiones en directo abiertas con esta sesión. Cierra alguna pestaña e inténtalo de nuevo.`,
    undefined,
    { 'retry-after': '10' },
  );

const tooManyAccountStreams = () =>
  new HttpError(
    429,
    errorCodes.rateLimited,
    `Ya tienes ${MAX_STREAMS_PER_ACCOUNT} conexiones en directo abiertas con esta cuenta. Cierra alguna pestaña o sesión e inténtalo de nuevo.`,
    undefined,
    { 'retry-after': '10' },
  );

/**
 * GET /api/stats/{eventoId}/stream (docs/rules/statistics.md, docs/decisions/021): `text/event-stream` with an
 * event `stats` at once and after the event's scans on any server process, an event `alertas` (the
 * thresholds and the alerts fired, docs/decisions/022) at once and whenever it changes, and `: ping`
 * heartbeats. A slow client gets only the latest update (sse-writer.ts); a session has at most
 * MAX_STREAMS_PER_SESSION streams and an account MAX_STREAMS_PER_ACCOUNT; a stream ends soon after its
 * reader loses access.
 */
export function registerStatsStreamRoutes({ app, db, services, guards }: AppContext): void {
  const { auth, events, stats, alerts } = services;
  async function liveUpdate(user: User, eventoId: number): Promise<LiveUpdate> {
    // Thresholds are checked before the figures are read, so an alert a scan caused travels with
    // that scan's figures. A failed check must not stop the figures.
    await alerts.evaluate(eventoId).catch((error: unknown) => {
      app.log.error({ err: error }, 'alertas: no se pudieron comprobar los umbrales');
    });
    const figures = await stats.forEvent(user, eventoId);
    return { stats: figures, alerts: await alerts.list(eventoId) };
  }
  const hub = createStatsHub({ source: scanSourceFor(db, app.log), compute: liveUpdate, log: app.log });
  // Open streams would keep `close()` waiting for ever: end them first, then stop listening.
  app.addHook('preClose', async () => hub.endAll());
  const leases = createStreamLeases(db, {
    max: MAX_STREAMS_PER_ACCOUNT,
    ttlMs: leaseTtlFrom(process.env),
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await hub.close();
    await leases.close();
  });

  const accessWatch = createAccessWatch(
    {
      reader: async (token) => {
        // Any account: what it may see is its role in the event (docs/rules/team.md), checked below.
        return auth.authenticate(token);
      },
      readable: (current, eventoId) => events.findFor(current, eventoId, 'estadisticas'),
    },
    ACCESS_CHECK_MS,
  );

  /** Open streams per session on this process (by the token's hash: no secret kept as a key). */
  const openPerSession = new Map<string, number>();
  const releaseSession = (session: string) => {
    const left = (openPerSession.get(session) ?? 1) - 1;
    if (left > 0) openPerSession.set(session, left);
    else openPerSession.delete(session);
  };

  app.get(
    '/api/stats/:eventoId/stream',
    {
      onRequest: guards.organizerOrTeam,
      schema: { params: eventoIdParams },
      // Compression would hold the events back until a buffer fills.
      compress: false,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const token = request.sessionToken ?? '';
      const { eventoId } = request.params;
      const session = hashToken(token);
      // Counted before the first await, so simultaneous requests cannot all pass the check.
      const open = openPerSession.get(session) ?? 0;
      if (open >= MAX_STREAMS_PER_SESSION) throw tooManyStreams();
      // This process alone holds the account's streams: refused without a round trip.
      if (leases.heldBy(user.id) >= MAX_STREAMS_PER_ACCOUNT) throw tooManyAccountStreams();
      openPerSession.set(session, open + 1);
      /** The stream's row in `stream_leases`, once granted. */
      let lease: string | null = null;

      let ended = false;
      let writer: SseWriter | null = null;
      /** The heartbeat and the access check, once the stream runs. */
      let heartbeat: NodeJS.Timeout | undefined = undefined;
      let stopWatching = () => undefined as void;
      let unsubscribe = () => undefined as void;
      let missed = false;
      function finish() {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        stopWatching();
        unsubscribe();
        releaseSession(session);
        if (lease) leases.release(lease);
        writer?.close();
        if (writer) reply.raw.end();
      }
      const subscriber: StatsSubscriber = {
        user,
        send(next) {
          if (writer) writer.send(next);
          else missed = true;
        },
        end: () => finish(),
      };

      reply.raw.on('close', () => {
        finish();
        // The client went away (or the stream ended): nothing more travels on this connection, and
        // a half-open socket would keep `close()` waiting. (An injected request has a fake socket.)
        const socket = request.raw.socket as { destroy?: () => void } | undefined;
        if (typeof socket?.destroy === 'function') socket.destroy();
      });

      let first: LiveUpdate;
      try {
        await events.findFor(user, eventoId, 'estadisticas'); // 404 off the event's team, 403 without the role
        // The account's streams on every process (a wrong event above cost no write).
        const granted = await leases.acquire(user.id);
        if (granted === null) throw tooManyAccountStreams();
        if (ended) leases.release(granted);
        else lease = granted;
        // Subscribed before the first computation, so a scan committed meanwhile is not lost.
        unsubscribe = await hub.subscribe(eventoId, subscriber);
        first = await liveUpdate(user, eventoId);
      } catch (error) {
        finish();
        throw error;
      }
      // Ended meanwhile (the client gone, the server closing, the event deleted): nothing to stream.
      if (ended) return reply.code(204).send();
      // Written straight to the socket, so `write()`'s answer (backpressure) reaches the writer.
      reply.hijack();
      // The headers other hooks set (e.g. security headers) still go out.
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) headers[name] = value;
      }
      reply.raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'close',
      });
      writer = createSseWriter(reply.raw);
      writer.send(first);
      // A recompute that finished before the first figures may be older or newer: ask again.
      if (missed) hub.refresh(eventoId);

      stopWatching = accessWatch.watch(session, token, eventoId, (current) => {
        if (current === null) finish();
        else subscriber.user = current; // figures computed as the reader is now
      });
      heartbeat = setInterval(() => writer?.ping(), HEARTBEAT_MS);
      return reply;
    },
  );
}
