// `npm run db:backup -- <file>` and `npm run db:restore -- <file> [--force]` (docs/decisions/037).
// Embedded database (DATA_DIR): a tarball of PGlite's data directory, taken and restored under the
// server's own data-directory lock, so only while no server runs on it. PostgreSQL (DATABASE_URL):
// `pg_dump --format=custom` / `pg_restore --clean --if-exists --no-owner`, connected through
// libpq's environment variables so the URL and its password never appear in a command line or output.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ConfigError, readConfig } from '../config';
import { openPglite } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';

class CliError extends Error {}

const mode = process.argv[2];
const usage =
  mode === 'restore' ? 'Usage: npm run db:restore -- <file> [--force]' : 'Usage: npm run db:backup -- <file>';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (mode !== 'backup' && mode !== 'restore') fail('Usage: db-backup.ts backup|restore <file> [--force]');

let file: string;
let force = false;
try {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(3),
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1 || (mode === 'backup' && values.force)) fail(usage);
  file = resolve(positionals[0]!);
  force = values.force ?? false;
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** The embedded database lives in DATA_DIR/pglite (open-configured.ts). */
async function withLockedDataDir<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new CliError(
        `The data directory ${dataDir} is in use by a running DrinkFlow server. ` +
          'Stop the server, then run this command again (the embedded database can only be backed up or restored while it is stopped).',
      );
    }
    throw error;
  }
  try {
    return await work();
  } finally {
    release();
  }
}

function hasFiles(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory() && readdirSync(dir).length > 0;
}

async function backupPglite(dataDir: string): Promise<string> {
  const pgliteDir = join(dataDir, 'pglite');
  if (!hasFiles(pgliteDir)) throw new CliError(`There is no embedded database in ${dataDir} to back up.`);
  return withLockedDataDir(dataDir, async () => {
    const database = await openPglite({ dataDir: pgliteDir });
    try {
      const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } })
        .$client;
      const dump = await client.dumpDataDir('gzip');
      const partial = `${file}.partial`;
      try {
        await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
        renameSync(partial, file);
      } catch (error) {
        rmSync(partial, { force: true });
        throw new CliError(
          `Cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
        );
      }
      return `Backup of the embedded database in ${dataDir} written to ${file} (${dump.size} bytes).`;
    } finally {
      await database.close();
    }
  });
}

async function restorePglite(dataDir: string): Promise<string> {
  const tarball = await readBackup();
  return withLockedDataDir(dataDir, async () => {
    const pgliteDir = join(dataDir, 'pglite');
    const occupied = hasFiles(pgliteDir);
    if (occupied && !force) {
      throw new CliError(
        `${dataDir} already holds a database. Nothing was changed. ` +
          'Run again with --force to restore anyway (the current data is kept aside, renamed with a timestamp).',
      );
    }
    // Restored beside the live one first: a broken backup leaves the current data untouched.
    const incoming = join(dataDir, `pglite.restoring-${stamp()}`);
    try {
      const database = await openPglite({
        dataDir: incoming,
        loadDataDir: new Blob([new Uint8Array(tarball)]),
      });
      try {
        await database.db.execute('select 1');
      } finally {
        await database.close();
      }
    } catch (error) {
      rmSync(incoming, { recursive: true, force: true });
      throw new CliError(
        `${file} is not a usable backup of the embedded database: ${(error as Error).message}`,
      );
    }
    let keptAside: string | undefined;
    if (existsSync(pgliteDir)) {
      keptAside = join(dataDir, `pglite.before-restore-${stamp()}`);
      renameSync(pgliteDir, keptAside);
    }
    renameSync(incoming, pgliteDir);
    return (
      `Embedded database in ${dataDir} restored from ${file}.` +
      (keptAside ? ` The previous data was kept in ${keptAside}; delete it once the restore is checked.` : '')
    );
  });
}

async function readBackup(): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    throw new CliError(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

// libpq reads these instead of a connection string on the command line (which `ps` shows).
const libpqParameters: Record<string, string> = {
  sslmode: 'PGSSLMODE',
  sslrootcert: 'PGSSLROOTCERT',
  sslcert: 'PGSSLCERT',
  sslkey: 'PGSSLKEY',
  sslcrl: 'PGSSLCRL',
  connect_timeout: 'PGCONNECT_TIMEOUT',
  application_name: 'PGAPPNAME',
  options: 'PGOPTIONS',
  target_session_attrs: 'PGTARGETSESSIONATTRS',
  channel_binding: 'PGCHANNELBINDING',
};

function libpqEnvironment(databaseUrl: string): { env: NodeJS.ProcessEnv; secrets: string[] } {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new CliError('DATABASE_URL is not a valid postgres:// URL.');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new CliError('DATABASE_URL must start with postgres:// or postgresql://.');
  }
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('PG')) delete env[name];
  delete env.DATABASE_URL;
  const decode = (value: string) => decodeURIComponent(value);
  if (url.hostname) env.PGHOST = decode(url.hostname).replace(/^\[(.*)\]$/, '$1');
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decode(url.username);
  if (url.password) env.PGPASSWORD = decode(url.password);
  const database = decode(url.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  for (const [key, value] of url.searchParams) {
    const variable = libpqParameters[key];
    if (variable) env[variable] = value;
    else if (key === 'host') env.PGHOST = value;
    else throw new CliError(`DATABASE_URL has a parameter pg_dump cannot be given here: ${key}.`);
  }
  return { env, secrets: [databaseUrl, url.password, env.PGPASSWORD ?? ''].filter((s) => s.length > 0) };
}

function run(command: string, args: string[], databaseUrl: string): Promise<void> {
  const { env, secrets } = libpqEnvironment(databaseUrl);
  const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolvePromise, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new CliError(
          error.code === 'ENOENT'
            ? `${command} was not found. Install the PostgreSQL client tools (the same major version as the server, or newer) and put them on PATH.`
            : `${command} could not be started: ${error.message}`,
        ),
      ),
    );
    child.once('exit', (code, signal) => {
      if (code === 0) return resolvePromise();
      let message = stderr.trim();
      for (const secret of secrets) message = message.replaceAll(secret, '***');
      reject(new CliError(`${command} failed (${signal ?? `exit code ${code}`}):\n${message}`));
    });
  });
}

async function backupPostgres(databaseUrl: string): Promise<string> {
  const partial = `${file}.partial`;
  try {
    await run('pg_dump', ['--format=custom', '--no-password', `--file=${partial}`], databaseUrl);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, file);
  return `Backup of the PostgreSQL database written to ${file} (${statSync(file).size} bytes).`;
}

/** Only the name: host, user and password reach pg_restore through the environment. */
function databaseName(databaseUrl: string): string {
  const name = libpqEnvironment(databaseUrl).env.PGDATABASE;
  if (!name) throw new CliError('DATABASE_URL names no database.');
  return name;
}

async function restorePostgres(databaseUrl: string): Promise<string> {
  if (!existsSync(file)) throw new CliError(`Cannot read ${file}: ENOENT`);
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  let tables: number;
  try {
    await client.connect();
    const result = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')",
    );
    tables = result.rows[0]!.n;
  } catch (error) {
    throw new CliError(`Cannot connect to the database of DATABASE_URL: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  if (tables > 0 && !force) {
    throw new CliError(
      'The database of DATABASE_URL already holds tables. Nothing was changed. ' +
        'Take a backup of it first, then run again with --force to replace its contents.',
    );
  }
  // One transaction: a failed restore leaves the database as it was.
  await run(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      '--no-password',
      '--dbname',
      databaseName(databaseUrl),
      file,
    ],
    databaseUrl,
  );
  return `PostgreSQL database restored from ${file}.`;
}

try {
  const config = readConfig();
  if (mode === 'backup' && !existsSync(dirname(file)))
    throw new CliError(`The folder ${dirname(file)} does not exist.`);
  const message = config.databaseUrl
    ? await (mode === 'backup' ? backupPostgres(config.databaseUrl) : restorePostgres(config.databaseUrl))
    : await (mode === 'backup' ? backupPglite(config.dataDir) : restorePglite(config.dataDir));
  console.log(message);
} catch (error) {
  if (error instanceof CliError || error instanceof ConfigError) fail(error.message);
  throw error;
}
