import { PassThrough } from 'node:stream';
import type { EventAlerts } from '@drinkflow/domain/alerts';
import type { User } from '@drinkflow/domain/auth';
import type { EventStats } from '@drinkflow/domain/stats';
import type { AppContext } from '../../app-context';
import { eventoIdParams } from '../../http/params';
import { currentUser } from '../auth/guards';
import { createAlertService } from '../alerts/service';
import { createEventService } from '../events/service';
import { createStatsService } from '../stats/service';
import { createStatsHub, scanSourceFor, type LiveUpdate, type StatsSubscriber } from './hub';

/** A comment line at least this often keeps proxies and the client's watchdog from closing the stream. */
export const HEARTBEAT_MS = 20_000;

const statsEvent = (stats: EventStats) => `event: stats\ndata: ${JSON.stringify(stats)}\n\n`;
const alertsEvent = (alerts: EventAlerts) => `event: alertas\ndata: ${JSON.stringify(alerts)}\n\n`;

/**
 * GET /api/stats/{eventoId}/stream (DECISIONS §8, docs/decisions/021): `text/event-stream` with an
 * event `stats` at once and after the event's scans on any server process, an event `alertas` (the
 * thresholds and the alerts fired, docs/decisions/022) at once and whenever it changes, and `: ping`
 * heartbeats.
 */
export function registerStatsStreamRoutes({ app, db, auth, guards, timeZone }: AppContext): void {
  const events = createEventService(db);
  const stats = createStatsService(db, events, timeZone);
  const alerts = createAlertService(db, events);
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
  app.addHook('onClose', async () => hub.close());

  app.get(
    '/api/stats/:eventoId/stream',
    {
      onRequest: guards.requireRole('organizer', 'admin'),
      schema: { params: eventoIdParams },
      // Compression would hold the events back until a buffer fills.
      compress: false,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { eventoId } = request.params;
      await events.findReadable(user, eventoId); // 404 for another organizer's event

      const body = new PassThrough();
      let ready = false;
      let missed = false;
      let ended = false;
      let alertsSent = '';
      const write = (update: LiveUpdate) => {
        body.write(statsEvent(update.stats));
        const alertsNow = JSON.stringify(update.alerts);
        if (alertsNow !== alertsSent) body.write(alertsEvent(update.alerts));
        alertsSent = alertsNow;
      };
      const subscriber: StatsSubscriber = {
        user,
        send(next) {
          if (ready) write(next);
          else missed = true;
        },
        end: () => finish(),
      };
      // Subscribed before the first computation, so a scan committed meanwhile is not lost.
      const unsubscribe = await hub.subscribe(eventoId, subscriber);
      const heartbeat = setInterval(() => {
        body.write(': ping\n\n');
        // A signed-out (revoked) or expired session stops receiving figures.
        void auth.authenticate(request.sessionToken ?? '').then(
          (stillSignedIn) => stillSignedIn || finish(),
          () => undefined,
        );
      }, HEARTBEAT_MS);
      function finish() {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        body.end();
      }
      reply.raw.on('close', () => {
        finish();
        // The client went away (or the stream ended): nothing more travels on this connection, and
        // a half-open socket would keep `close()` waiting.
        request.raw.socket?.destroy();
      });

      let first: LiveUpdate;
      try {
        first = await liveUpdate(user, eventoId);
      } catch (error) {
        finish();
        throw error;
      }
      write(first);
      ready = true;
      // A recompute that finished before the first figures may be older or newer: ask again.
      if (missed) hub.refresh(eventoId);

      return reply
        .code(200)
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .header('connection', 'close')
        .send(body);
    },
  );
}
