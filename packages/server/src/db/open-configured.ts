import { join } from 'node:path';
import type { ServerConfig } from '../config';
import { openPglite, openPostgres, type Database } from './client';
import { lockDataDir } from './data-dir-lock';

/**
 * The database the configuration names: PostgreSQL (`DATABASE_URL`, with `DATABASE_POOL_SIZE`
 * connections unless `poolSize` says otherwise) or the embedded one under `DATA_DIR`, which this
 * process then holds locked until `close()`.
 */
export async function openConfiguredDatabase(config: ServerConfig, poolSize?: number): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, poolSize ?? config.databasePoolSize);
  const release = lockDataDir(config.dataDir);
  try {
    const database = await openPglite({ dataDir: join(config.dataDir, 'pglite') });
    return {
      ...database,
      async close() {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
