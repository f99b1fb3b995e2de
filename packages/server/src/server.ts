import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, readConfig, type ServerConfig } from './config';
import type { Database } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { demoAccountsWarning, findDemoAccounts } from './db/demo-accounts';
import { openConfiguredDatabase } from './db/open-configured';
import { seedDemo } from './db/seed-demo';
import { isDatabaseUnavailable } from './http/db-unavailable';
import { serverRoot } from './paths';

let config: ServerConfig;
let database: Database;
try {
  config = readConfig();
  database = await openConfiguredDatabase(config);
} catch (error) {
  if (error instanceof DataDirLockedError || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Start-up work, tried again while the database cannot be reached (PostgreSQL still starting, or
 * failing over): the process waits for it instead of exiting (docs/rules/operations.md).
 */
async function whenDatabaseAnswers<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const seconds = Math.min(10, 2 ** attempt);
      const code = (error as { code?: unknown }).code;
      console.error(
        `La base de datos no responde${typeof code === 'string' ? ` (${code})` : ''}; nuevo intento en ${seconds} s.`,
      );
      await sleep(seconds * 1000);
    }
  }
}

await whenDatabaseAnswers(() =>
  database.exclusive(async () => {
    await database.migrate();
    if (config.demo && (await seedDemo(database.db))) console.log('Datos de demostración creados.');
  }),
);

const webRoot = config.webRoot ?? join(serverRoot, '..', 'web', 'dist');
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
  timeZone: config.timeZone,
  registrationsPerAddress: config.registrationsPerAddress,
  scannerRateLimit: config.scannerRateLimit,
  scannerAddressLimit: config.scannerAddressLimit,
  scannerKnownTickets: config.scannerKnownTickets,
  alertSweepMs: config.alertSweepSeconds * 1000,
  publicUrl: config.publicUrl,
  email: config.email,
});

/** How long a SIGTERM waits for connections before closing them (docs/rules/operations.md: up to 10 s). */
const SHUTDOWN_GRACE_MS = 8_000;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: cerrando`);
  // docs/rules/operations.md lets requests in flight finish for up to 10 s. A proxy's kept-alive connections
  // that go idle meanwhile would hold the close until Node's keep-alive timeout: after 8 s every
  // connection still open is closed.
  setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const { port } = app.server.address() as { port: number };
const demoAccounts = await whenDatabaseAnswers(() => findDemoAccounts(database.db));
if (demoAccounts.length > 0) console.warn(demoAccountsWarning(demoAccounts, { host: config.host, port }));
console.log(`DrinkFlow en http://localhost:${port} (${database.kind}${config.demo ? ', modo demo' : ''})`);
