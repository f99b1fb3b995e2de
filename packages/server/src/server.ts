import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { openPglite, openPostgres, type Database } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { seedDemo } from './db/seed-demo';
import { readConfig } from './config';
import { join } from 'node:path';

const config = readConfig();
let releaseLock: (() => void) | undefined;
let database: Database;

try {
  if (config.databaseUrl) {
    database = await openPostgres(config.databaseUrl);
  } else {
    releaseLock = lockDataDir(config.dataDir);
    database = await openPglite({ dataDir: join(config.dataDir, 'pglite') });
  }
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

await database.exclusive(async () => {
  await database.migrate();
  if (config.demo && (await seedDemo(database.db))) console.log('Datos de demostración creados.');
});

const webRoot = config.webRoot ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
const app = await buildApp({
  db: database.db,
  demo: config.demo,
  webRoot,
  // Readable lines for a person at a terminal; JSON lines for log collectors.
  logger: process.stdout.isTTY
    ? {
        level: config.logLevel,
        transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } },
      }
    : { level: config.logLevel },
  trustProxy: config.trustProxy,
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: cerrando`);
  await app.close();
  await database.close();
  releaseLock?.();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const { port } = app.server.address() as { port: number };
console.log(`DrinkFlow en http://localhost:${port} (${database.kind}${config.demo ? ', modo demo' : ''})`);
