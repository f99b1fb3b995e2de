import { buildApp } from '../../src/app';
import type { Database, Db } from '../../src/db/client';
import { openTestDatabase } from './database';

export type TestServer = Awaited<ReturnType<typeof buildApp>>;

export interface TestApp {
  app: TestServer;
  db: Db;
  database: Database;
  /** Closes the app, then the database (unless it was passed in, its owner closes it). */
  close(): Promise<void>;
}

/**
 * The whole API on a fresh database of the project's kind, for `app.inject`. One per test file
 * (`beforeAll`/`afterAll`) is the isolation unit; pass `database` to build a second app on the same data.
 */
export async function createTestApp(options: { demo?: boolean; database?: Database } = {}): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  try {
    const app = await buildApp({ db: database.db, demo: options.demo ?? false });
    await app.ready();
    return {
      app,
      db: database.db,
      database,
      async close() {
        await app.close();
        if (!options.database) await database.close();
      },
    };
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }
}
