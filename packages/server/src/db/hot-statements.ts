import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { driverOf, type Db } from './client';

/**
 * A statement of the bar's hot path: fixed SQL with `$n` parameters and a name. On PostgreSQL it is
 * prepared once per connection under that name (no parse or plan per scan, bench/RESULTS.md); on
 * PGlite it runs as a parameterised query. Drizzle's `sql` cannot name a statement, hence this.
 */
export interface HotStatement {
  name: string;
  text: string;
}

export interface HotExecutor {
  rows<T>(statement: HotStatement, values: unknown[]): Promise<T[]>;
}

export interface HotDriver extends HotExecutor {
  /** `work` in one transaction on one connection; rolled back when it throws. */
  transaction<T>(work: (tx: HotExecutor) => Promise<T>): Promise<T>;
}

function postgresExecutor(client: pg.Pool | pg.PoolClient): HotExecutor {
  return {
    async rows<T>(statement: HotStatement, values: unknown[]) {
      const result = await client.query({ name: statement.name, text: statement.text, values });
      return result.rows as T[];
    },
  };
}

function pgliteExecutor(client: Pick<PGlite, 'query'>): HotExecutor {
  return {
    async rows<T>(statement: HotStatement, values: unknown[]) {
      return (await client.query<T>(statement.text, values)).rows;
    },
  };
}

export function hotDriverOf(db: Db): HotDriver {
  const driver = driverOf(db);
  if (driver.kind === 'pglite') {
    const { client } = driver;
    return {
      ...pgliteExecutor(client),
      transaction: (work) => client.transaction((tx) => work(pgliteExecutor(tx))),
    };
  }
  const { pool } = driver;
  return {
    ...postgresExecutor(pool),
    async transaction(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await work(postgresExecutor(client));
        await client.query('commit');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is discarded, never handed to the next request.
        await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
}
