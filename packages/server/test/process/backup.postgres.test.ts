import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../src/db/client';
import { quoteIdent, withAdminClient, withDatabase } from '../support/postgres-admin';
import '../support/provided-context';
import { contentsOf, rowsOf, runBackupCli, seedEveryTable } from './backup-fixtures';
import { copyOfTemplate, type CopiedDatabase } from './shared-database';

/** An empty database of the run (the global teardown drops whatever a failed test leaves). */
async function emptyDatabase(label: string): Promise<CopiedDatabase> {
  const { url, prefix } = inject('postgresTemplate')!;
  const databaseName = `${prefix}${label}_${Date.now()}`;
  await withAdminClient(url, (admin) => admin.query(`CREATE DATABASE ${quoteIdent(databaseName)}`));
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

/** The same URL with a password in it: it must never be printed. */
function withPassword(url: string, password: string): string {
  const parsed = new URL(url);
  parsed.password = password;
  return parsed.toString();
}

describe('npm run db:backup / db:restore on PostgreSQL (pg_dump / pg_restore)', () => {
  const root = mkdtempSync(join(tmpdir(), 'drinkflow-pg-backup-'));
  const backup = join(root, 'drinkflow.dump');
  const databases: CopiedDatabase[] = [];
  afterAll(async () => {
    rmSync(root, { recursive: true, force: true });
    await Promise.all(databases.map((database) => database.drop()));
  });

  it('restores every table, the migrations and the sequences into a fresh database', async () => {
    const source = await copyOfTemplate('backup_src');
    const target = await emptyDatabase('backup_dst');
    databases.push(source, target);
    const database = await openPostgres(source.databaseUrl, 2);
    let before: Awaited<ReturnType<typeof contentsOf>>;
    try {
      await seedEveryTable(database);
      before = await contentsOf(database);
    } finally {
      await database.close();
    }
    const emptyTables = Object.entries(before).filter(([, rows]) => (rows as unknown[]).length === 0);
    expect(emptyTables.map(([name]) => name)).toEqual([]);

    // Trust authentication ignores the password; it stands for a real one that must not leak.
    const secret = 'pw-that-must-not-leak';
    const backedUp = await runBackupCli('backup', [backup], {
      DATABASE_URL: withPassword(source.databaseUrl, secret),
    });
    expect(backedUp).toMatchObject({ code: 0 });
    expect(backedUp.output).not.toContain(secret);
    expect(existsSync(`${backup}.partial`)).toBe(false);

    const restored = await runBackupCli('restore', [backup], {
      DATABASE_URL: withPassword(target.databaseUrl, secret),
    });
    expect(restored).toMatchObject({ code: 0 });
    expect(restored.output).not.toContain(secret);

    const copy = await openPostgres(target.databaseUrl, 2);
    try {
      expect(await contentsOf(copy)).toEqual(before);
      const [{ max }] = (await rowsOf(copy, 'select max(id)::int as max from demo_requests')) as [
        { max: number },
      ];
      const inserted = await rowsOf(
        copy,
        "insert into demo_requests (name, email, accept_terms) values ('Nueva', 'n@example.com', true) returning id",
      );
      expect(inserted[0]!.id).toBe(max + 1);
    } finally {
      await copy.close();
    }

    // A database with tables is only replaced with --force (in one transaction).
    const refused = await runBackupCli('restore', [backup], { DATABASE_URL: target.databaseUrl });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/already holds tables\. Nothing was changed\./);
    const unchanged = await openPostgres(target.databaseUrl, 2);
    try {
      expect(await rowsOf(unchanged, "select 1 from demo_requests where name = 'Nueva'")).toHaveLength(1);
    } finally {
      await unchanged.close();
    }
    const forced = await runBackupCli('restore', [backup, '--force'], { DATABASE_URL: target.databaseUrl });
    expect(forced).toMatchObject({ code: 0 });
    const replaced = await openPostgres(target.databaseUrl, 2);
    try {
      expect(await contentsOf(replaced)).toEqual(before);
    } finally {
      await replaced.close();
    }
  }, 90_000);

  it('says what failed without printing the URL or its password', async () => {
    const { url } = inject('postgresTemplate')!;
    const secret = 'another-secret-pw';
    const missing = withPassword(withDatabase(url, `drinkflow_no_such_db_${Date.now()}`), secret);
    const failed = await runBackupCli('backup', [join(root, 'never.dump')], { DATABASE_URL: missing });
    expect(failed.code).toBe(1);
    expect(failed.output).toMatch(/pg_dump failed/);
    expect(failed.output).not.toContain(secret);
    expect(failed.output).not.toContain(missing);
    expect(existsSync(join(root, 'never.dump'))).toBe(false);
    expect(existsSync(join(root, 'never.dump.partial'))).toBe(false);
  }, 30_000);
});
