import { inject } from 'vitest';
import { quoteIdent, withAdminClient, withDatabase } from '../support/postgres-admin';
import '../support/provided-context';
import { exitOf, killAll, type startServer } from './server-process';

type Started = Awaited<ReturnType<typeof startServer>>;

export interface CopiedDatabase {
  databaseName: string;
  databaseUrl: string;
  adminUrl: string;
  drop(): Promise<void>;
}

/** A database of its own for a multi-process test: a copy of the run's migrated template. */
export async function copyOfTemplate(label: string): Promise<CopiedDatabase> {
  const { url, template, prefix } = inject('postgresTemplate')!;
  const databaseName = `${prefix}${label}_${Date.now()}`;
  await withAdminClient(url, (admin) =>
    admin.query(`CREATE DATABASE ${quoteIdent(databaseName)} TEMPLATE ${quoteIdent(template)}`),
  );
  return {
    databaseName,
    databaseUrl: withDatabase(url, databaseName),
    adminUrl: url,
    drop: () =>
      withAdminClient(url, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(databaseName)} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

/** Stops server processes as an operator would (SIGTERM, then wait), and kills any left over. */
export async function stopServers(servers: Started[]): Promise<void> {
  await Promise.all(
    servers.map(async (server) => {
      server.child.kill('SIGTERM');
      await exitOf(server.child);
    }),
  );
  killAll();
}
