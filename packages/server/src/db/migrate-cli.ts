// Applies the committed migrations without starting the server: `npm run db:migrate`.
import { join } from 'node:path';
import { readConfig } from '../config';
import { openPglite, openPostgres } from './client';
import { lockDataDir } from './data-dir-lock';

const config = readConfig();
const release = config.databaseUrl ? undefined : lockDataDir(config.dataDir);
const database = config.databaseUrl
  ? await openPostgres(config.databaseUrl, 2)
  : await openPglite({ dataDir: join(config.dataDir, 'pglite') });
try {
  await database.exclusive(() => database.migrate());
  console.log(`Migraciones aplicadas (${database.kind}).`);
} finally {
  await database.close();
  release?.();
}
