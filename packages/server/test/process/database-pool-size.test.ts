import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/config';
import { DEFAULT_POOL_SIZE, driverOf } from '../../src/db/client';
import { openConfiguredDatabase } from '../../src/db/open-configured';

/** The pool's ceiling as the server opens it; the pool connects only on its first query. */
async function poolMaxOf(env: NodeJS.ProcessEnv, poolSize?: number): Promise<number | undefined> {
  const database = await openConfiguredDatabase(
    readConfig({ DATABASE_URL: 'postgres://drinkflow@127.0.0.1:1/sin_conexion', ...env }),
    poolSize,
  );
  try {
    const driver = driverOf(database.db);
    return driver.kind === 'postgres' ? driver.pool.options.max : undefined;
  } finally {
    await database.close();
  }
}

describe('PostgreSQL connections per server process (DATABASE_POOL_SIZE)', () => {
  it('opens 10 unless told otherwise', () => {
    expect(DEFAULT_POOL_SIZE).toBe(10);
    expect(readConfig({}).databasePoolSize).toBe(10);
    expect(readConfig({ DATABASE_POOL_SIZE: ' ' }).databasePoolSize).toBe(10);
  });

  it('reads the size given, and the server opens its pool with it', async () => {
    expect(readConfig({ DATABASE_POOL_SIZE: '32' }).databasePoolSize).toBe(32);
    expect(await poolMaxOf({ DATABASE_POOL_SIZE: '32' })).toBe(32);
    expect(await poolMaxOf({})).toBe(10);
    // The admin commands ask for their own few connections.
    expect(await poolMaxOf({ DATABASE_POOL_SIZE: '32' }, 2)).toBe(2);
  });

  it('refuses a size that cannot work, naming the variable', () => {
    for (const value of ['0', '-4', '2.5', 'muchas']) {
      expect(() => readConfig({ DATABASE_POOL_SIZE: value })).toThrow(ConfigError);
      expect(() => readConfig({ DATABASE_POOL_SIZE: value })).toThrow(
        `DATABASE_POOL_SIZE debe ser un entero positivo, no "${value}".`,
      );
    }
  });
});
