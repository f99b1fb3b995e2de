import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { serverRoot } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a transaction callback receives; use it (never the outer `db`) inside the transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  migrate(): Promise<void>;
  /** Runs start-up work (migrations, demo seed) in one process at a time. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The driver under a `Db`, for what Drizzle does not wrap: LISTEN for notifications (the live
 * statistics, modules/stats-stream). Drizzle keeps the driver's client at `$client`.
 */
export function driverOf(db: Db): { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool } {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) return { kind: 'pglite', client };
  if (client instanceof pg.Pool) return { kind: 'postgres', pool: client };
  throw new Error('Unknown database driver');
}

// Any fixed 64-bit number: the advisory lock that serialises start-up between server processes.
const STARTUP_LOCK_ID = 7_253_118_404;

export const migrationsFolder = join(serverRoot, 'drizzle');

/** PGlite in `dataDir` (a folder), in memory when omitted, or from a dumped data directory. */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob | File } = {},
): Promise<Database> {
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    // Trigram indexes for the order search (migration 0002).
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    // The data-directory lock already keeps other processes out.
    exclusive: (work) => work(),
    close: () => client.close(),
  };
}

/**
 * How long a request waits for a new connection before it fails (and answers 503, docs/rules/operations.md)
 * when PostgreSQL does not answer, instead of hanging for as long as the network does.
 */
export const CONNECT_TIMEOUT_MS = 5000;

/**
 * PostgreSQL connections per server process unless DATABASE_POOL_SIZE says otherwise. 32 let more
 * commits share a WAL flush, but on the two-core machine's scan benchmark it lost to 10 (more
 * backends, more CPU per drink: docs/decisions/070). Every process may open this many: processes ×
 * size must stay below PostgreSQL's `max_connections` (100 by default).
 */
export const DEFAULT_POOL_SIZE = 10;

export async function openPostgres(
  connectionString: string,
  poolSize = DEFAULT_POOL_SIZE,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // TCP keepalive from 10 s of silence on: a connection whose peer vanished without closing it
    // (failover, a cut network) is found dead instead of being handed to the next request.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A lost connection (PostgreSQL restarted or failed over, the backend terminated, the network
  // cut) must never end the process (docs/rules/operations.md). The pool only listens for errors of idle
  // connections and removes them (its 'error' event). A connection checked out for a transaction
  // has no listener of its own, so its 'error' event (emitted when the socket closes, after the
  // statement in flight has already failed) would be thrown as an uncaught exception. Every
  // connection therefore gets a listener for its whole life; the statement that was running fails,
  // its request answers 503, and the pool discards the connection when it is released (it is no
  // longer queryable) and opens a new one for the next request.
  pool.on('connect', (client) => client.on('error', () => undefined));
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    migrate: () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder }),
    async exclusive(work) {
      const lockHolder = await pool.connect();
      try {
        await lockHolder.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
        return await work();
      } finally {
        await lockHolder.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => undefined);
        lockHolder.release();
      }
    },
    close: () => pool.end(),
  };
}
