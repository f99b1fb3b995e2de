import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/db/client';
import { quoteIdent, withAdminClient, withDatabase } from './postgres-admin';
import './provided-context';

let snapshot: Promise<Buffer> | undefined;

/**
 * A fresh, migrated, empty database of the project's kind (DB_KIND, set by vitest.config.ts):
 * PGlite loaded from the global setup's snapshot, or a PostgreSQL database copied from the run's
 * template. `close()` releases it (and drops the PostgreSQL copy).
 */
export async function openTestDatabase(): Promise<Database> {
  const kind = process.env.DB_KIND;
  if (kind === 'pglite') {
    const path = inject('pgliteSnapshot');
    if (!path) throw new Error('No PGlite snapshot: run through vitest.config.ts (server-pglite project).');
    snapshot ??= readFile(path);
    return openPglite({ loadDataDir: new Blob([new Uint8Array(await snapshot)]) });
  }
  if (kind === 'postgres') {
    const pgTemplate = inject('postgresTemplate');
    if (!pgTemplate)
      throw new Error('No PostgreSQL template: run through vitest.config.ts (server-pg project).');
    const { url, template, prefix } = pgTemplate;
    const name = `${prefix}${randomBytes(6).toString('hex')}`;
    await withAdminClient(url, (admin) =>
      admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`),
    );
    const database = await openPostgres(withDatabase(url, name), 4);
    return {
      ...database,
      async close() {
        await database.close();
        await withAdminClient(url, (admin) =>
          admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
        );
      },
    };
  }
  throw new Error(
    `DB_KIND must be "pglite" or "postgres" (set by vitest.config.ts), not ${JSON.stringify(kind)}.`,
  );
}
