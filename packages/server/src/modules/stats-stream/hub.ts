import type { User } from '@drinkflow/domain/auth';
import type { EventAlerts } from '@drinkflow/domain/alerts';
import type { EventStats } from '@drinkflow/domain/stats';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { driverOf, type Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { createCoalescedRuns, type ScanSource } from './coalesced-runs';

/** The channel a scan's transaction notifies (payload: the event id); see scanner/service.ts. */
export const SCANS_CHANNEL = 'drinkflow_scans';

/** At most one recompute per event in this window, however many scans arrive (a bar's rush). */
export const COALESCE_MS = 500;

/** The `application_name` of the LISTEN connection, so operators (and tests) can tell it apart. */
export const LISTEN_APPLICATION_NAME = 'drinkflow-stats-listen';

/** Waits between attempts to listen: 0.5 s doubling to 10 s; back to 0.5 s after a success. */
export const LISTEN_BACKOFF = { firstMs: 500, maxMs: 10_000 } as const;

/**
 * PostgreSQL: one dedicated connection per server process with LISTEN (NOTIFY is delivered at
 * commit, to every listening process). One loop owns it for the source's whole life: connect,
 * LISTEN, wait until the connection ends (the backend terminated, PostgreSQL restarted, the network
 * cut), wait with backoff, again. Being one loop, a database that is down when the first stream
 * opens, or that drops the connection many times, never leaves two listeners behind.
 */
export function postgresScanSource(pool: pg.Pool, log: FastifyBaseLogger): ScanSource {
  let stopped = false;
  let loop: Promise<void> | null = null;
  let firstAttempt: Promise<void> | null = null;
  let current: pg.Client | null = null;
  let wakeUp: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  /** One connection's life: resolves `listening` once LISTEN is in place, returns when it ends. */
  async function listenOnce(onScan: (eventoId: number) => void, listening: () => void): Promise<void> {
    // The pool's own settings (connection string, SSL, timeouts, keepalive), outside the pool.
    const client = new pg.Client({ ...pool.options, application_name: LISTEN_APPLICATION_NAME });
    // Errors arrive as the connection ends; without a listener one would end the process.
    client.on('error', (error) => {
      log.warn({ err: { message: error.message } }, 'stats-stream: conexión LISTEN perdida');
    });
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
    client.on('notification', (message) => {
      const eventoId = Number(message.payload);
      if (message.channel === SCANS_CHANNEL && Number.isInteger(eventoId) && eventoId > 0) onScan(eventoId);
    });
    current = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${SCANS_CHANNEL}`);
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, 'stats-stream: LISTEN no disponible');
      await client.end().catch(() => undefined);
      return;
    } finally {
      // stop() ran while connecting: it could not end a client that was not connected yet.
      if (stopped) await client.end().catch(() => undefined);
    }
    if (stopped) return;
    listening();
    await ended;
  }

  async function run(onScan: (eventoId: number) => void, onReconnect: () => void, attempted: () => void) {
    let failures = 0;
    let first = true; // the first attempt's end, listening or not, resolves start()
    while (!stopped) {
      await listenOnce(onScan, () => {
        failures = 0;
        if (first) attempted();
        // Notifications sent while nobody listened are lost: refresh every open stream.
        else onReconnect();
        first = false;
      });
      current = null;
      if (first) attempted(); // the first streams open anyway; onReconnect refreshes them later
      first = false;
      if (stopped) break;
      await pause(Math.min(LISTEN_BACKOFF.maxMs, LISTEN_BACKOFF.firstMs * 2 ** failures++));
    }
  }

  return {
    start(onScan, onReconnect) {
      if (stopped) return Promise.resolve();
      firstAttempt ??= new Promise<void>((resolve) => {
        loop = run(onScan, onReconnect, resolve);
      });
      return firstAttempt;
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await current?.end().catch(() => undefined);
      await loop;
    },
  };
}

/**
 * PGlite: one process owns the database (its folder is locked), so its own LISTEN is enough.
 * PGlite delivers a NOTIFY sent inside a transaction once the transaction commits.
 */
export function pgliteScanSource(db: Db): ScanSource {
  const driver = driverOf(db);
  if (driver.kind !== 'pglite') throw new Error('pgliteScanSource needs a PGlite database');
  let unlisten: (() => Promise<void>) | null = null;
  return {
    async start(onScan) {
      unlisten = await driver.client.listen(SCANS_CHANNEL, (payload) => {
        const eventoId = Number(payload);
        if (Number.isInteger(eventoId) && eventoId > 0) onScan(eventoId);
      });
    },
    async stop() {
      const stop = unlisten;
      unlisten = null;
      // A closed PGlite has nothing left to unlisten.
      if (stop && !driver.client.closed) await stop().catch(() => undefined);
    },
  };
}

export function scanSourceFor(db: Db, log: FastifyBaseLogger): ScanSource {
  const driver = driverOf(db);
  return driver.kind === 'postgres' ? postgresScanSource(driver.pool, log) : pgliteScanSource(db);
}

/** What a live page is sent after each scan: the figures, and the thresholds with the alerts fired. */
export interface LiveUpdate {
  stats: EventStats;
  alerts: EventAlerts;
}

/** One open stream: receives each new update of its event, or `end()` when it must close. */
export interface StatsSubscriber {
  user: User;
  send(update: LiveUpdate): void;
  end(): void;
}

export interface StatsHubOptions {
  source: ScanSource;
  /** The update of an event as `user` may read it (throws 404 when they may not). */
  compute(user: User, eventoId: number): Promise<LiveUpdate>;
  log: FastifyBaseLogger;
  coalesceMs?: number;
}

/**
 * Fans one process's scan notifications out to its open statistics streams: per event, at most one
 * recompute every `coalesceMs`, sent to every stream of that event. The source starts with the first
 * stream, so an app nobody watches holds no extra connection.
 */
export function createStatsHub(options: StatsHubOptions) {
  const runs = createCoalescedRuns({
    source: options.source,
    coalesceMs: options.coalesceMs ?? COALESCE_MS,
    empty: () => new Set<StatsSubscriber>(),
    run: recompute,
    endAll: (subscribers) => {
      for (const subscriber of [...subscribers]) subscriber.end();
    },
  });

  async function recompute(subscribers: Set<StatsSubscriber>, eventoId: number) {
    const [first] = subscribers;
    if (!first) return;
    try {
      // Every subscriber of the event was authorized for it at connect time: the event's figures
      // do not depend on who reads them, so one computation serves them all.
      const update = await options.compute(first.user, eventoId);
      if (!runs.closed) for (const subscriber of subscribers) subscriber.send(update);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) {
        // The event was deleted (or its reader lost access): its streams end.
        for (const subscriber of [...subscribers]) subscriber.end();
      } else {
        options.log.error({ err: error }, 'stats-stream: no se pudieron recalcular las estadísticas');
      }
    }
  }

  return {
    /** Starts listening (once) and adds a stream; the returned function removes it. */
    async subscribe(eventoId: number, subscriber: StatsSubscriber): Promise<() => void> {
      if (runs.closed) throw new Error('stats hub closed');
      (await runs.join(eventoId)).add(subscriber);
      return () => {
        runs.subscribersOf(eventoId)?.delete(subscriber);
        runs.release(eventoId);
      };
    },
    /** Recompute an event soon (coalesced), as if a scan had happened. */
    refresh: runs.schedule,
    /** Number of open streams (tests). */
    size: () => runs.all().reduce((sum, subscribers) => sum + subscribers.size, 0),
    /** Ends every stream (before the server closes: open streams would keep it waiting). */
    endAll: runs.endAll,
    close: runs.close,
  };
}

export type StatsHub = ReturnType<typeof createStatsHub>;
