import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/client';
import { contentsOf, rowsOf, runBackupCli, seedEveryTable } from './backup-fixtures';
import { exitOf, killAll, startServer } from './server-process';

const snapshotOf = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return `${path} ${statSync(path).size} ${statSync(path).mtimeMs}`;
    })
    .sort();

afterAll(killAll);

describe('npm run db:backup / db:restore on the embedded database', () => {
  const root = mkdtempSync(join(tmpdir(), 'drinkflow-backup-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const source = join(root, 'source');
  const target = join(root, 'target');
  const backup = join(root, 'drinkflow.tgz');

  it('restores every table, the migrations and the sequences into a new DATA_DIR', async () => {
    mkdirSync(source);
    const database = await openPglite({ dataDir: join(source, 'pglite') });
    await database.migrate();
    await seedEveryTable(database);
    const before = await contentsOf(database);
    await database.close();
    const emptyTables = Object.entries(before).filter(([, rows]) => (rows as unknown[]).length === 0);
    expect(emptyTables.map(([name]) => name)).toEqual([]);

    const backedUp = await runBackupCli('backup', [backup], { DATABASE_URL: '', DATA_DIR: source });
    expect(backedUp).toMatchObject({ code: 0 });
    expect(backedUp.output).toContain(`written to ${backup}`);
    expect(existsSync(`${backup}.partial`)).toBe(false);

    const restored = await runBackupCli('restore', [backup], { DATABASE_URL: '', DATA_DIR: target });
    expect(restored).toMatchObject({ code: 0 });
    expect(existsSync(join(target, 'drinkflow.lock'))).toBe(false);

    const copy = await openPglite({ dataDir: join(target, 'pglite') });
    try {
      expect(await contentsOf(copy)).toEqual(before);
      // The sequences came along: new rows take the next ids instead of colliding.
      const [{ max }] = (await rowsOf(copy, 'select max(id)::int as max from demo_requests')) as [
        { max: number },
      ];
      const inserted = await rowsOf(
        copy,
        "insert into demo_requests (name, email, accept_terms) values ('Nueva', 'n@example.com', true) returning id",
      );
      expect(inserted[0]!.id).toBe(max + 1);
      await copy.db.execute(sql`insert into throttle_attempts (bucket, key) values ('login', 'x')`);
    } finally {
      await copy.close();
    }
  }, 90_000);

  it('refuses a non-empty DATA_DIR without --force and changes nothing; --force keeps the old data aside', async () => {
    const untouched = snapshotOf(target);
    const refused = await runBackupCli('restore', [backup], { DATABASE_URL: '', DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/already holds a database\. Nothing was changed\..*--force/);
    expect(snapshotOf(target)).toEqual(untouched);

    const forced = await runBackupCli('restore', [backup, '--force'], { DATABASE_URL: '', DATA_DIR: target });
    expect(forced).toMatchObject({ code: 0 });
    const aside = readdirSync(target).filter((name) => name.startsWith('pglite.before-restore-'));
    expect(aside).toHaveLength(1);
    expect(forced.output).toContain(join(target, aside[0]!));
    // The kept copy is the data as it was (with the row added after the first restore).
    const old = await openPglite({ dataDir: join(target, aside[0]!) });
    try {
      expect(await rowsOf(old, "select 1 from demo_requests where name = 'Nueva'")).toHaveLength(1);
    } finally {
      await old.close();
    }
  }, 90_000);

  it('refuses to back up or restore while a server holds the data directory, saying to stop it', async () => {
    const server = await startServer({ DATA_DIR: source, SEED_DEMO: 'false' });
    try {
      const lock = readFileSync(join(source, 'drinkflow.lock'), 'utf8');
      const other = join(root, 'while-running.tgz');
      const backedUp = await runBackupCli('backup', [other], { DATABASE_URL: '', DATA_DIR: source });
      expect(backedUp.code).toBe(1);
      expect(backedUp.output).toMatch(/in use by a running DrinkFlow server\. Stop the server/);
      expect(existsSync(other)).toBe(false);
      const restored = await runBackupCli('restore', [backup, '--force'], {
        DATABASE_URL: '',
        DATA_DIR: source,
      });
      expect(restored.code).toBe(1);
      expect(restored.output).toMatch(/in use by a running DrinkFlow server/);
      expect(readdirSync(source).some((name) => name.startsWith('pglite.'))).toBe(false);
      expect(readFileSync(join(source, 'drinkflow.lock'), 'utf8')).toBe(lock);
    } finally {
      server.child.kill('SIGTERM');
      await exitOf(server.child);
    }
  }, 90_000);
});
