import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { driverOf, type Db } from '../../db/client';

/** docs/rules/operations.md: the database must answer within this time for the process to be healthy. */
export const HEALTH_TIMEOUT_MS = 2000;

/**
 * Whether the database answers `select 1` within `timeoutMs`. Simultaneous checks share one probe,
 * so a monitor polling every process cannot pile queries onto a database that is struggling.
 */
export function createHealthService(db: Db, timeoutMs = HEALTH_TIMEOUT_MS) {
  const driver = driverOf(db);
  let inFlight: Promise<boolean> | null = null;

  function selectOne(): Promise<unknown> {
    // PostgreSQL: the read timeout also gives back the connection of a query that never answers
    // (a dead network drops packets silently); the pool then discards that connection.
    if (driver.kind === 'postgres') {
      // `query_timeout` per query is read by node-postgres (Client#query) but missing from its types.
      return driver.pool.query({ text: 'select 1', query_timeout: timeoutMs } as pg.QueryConfig);
    }
    return db.execute(sql`select 1`);
  }

  async function probe(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const answered = selectOne().then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([answered, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    databaseAnswers(): Promise<boolean> {
      inFlight ??= probe().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
