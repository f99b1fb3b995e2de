import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../src/db/client';
import { quoteIdent, withAdminClient, withDatabase } from './postgres-admin';
import './provided-context';

/**
 * Creates a template database for this run and migrates it once; each test file copies it with
 * `CREATE DATABASE … TEMPLATE` (see `openTestDatabase`). The teardown drops the template and every
 * per-file database of the run. A missing or unreachable PostgreSQL fails the run, never skips it.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'The server-pg project needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).',
    );
  }
  const template = `drinkflow_tpl_${process.pid}`;
  const prefix = `drinkflow_t${process.pid}_`;
  const dropRunDatabases = () =>
    withAdminClient(url, async (admin) => {
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database');
      for (const { datname } of rows) {
        if (datname === template || datname.startsWith(prefix)) {
          await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
        }
      }
    });

  await dropRunDatabases(); // left over by an earlier crashed run that had the same pid
  try {
    await withAdminClient(url, (admin) => admin.query(`CREATE DATABASE ${quoteIdent(template)}`));
    const database = await openPostgres(withDatabase(url, template), 1);
    try {
      await database.migrate();
    } finally {
      // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template.
      await database.close();
    }
  } catch (error) {
    await dropRunDatabases().catch(() => undefined);
    throw error;
  }
  project.provide('postgresTemplate', { url, template, prefix });

  return dropRunDatabases;
}
