// A private PostgreSQL cluster for one festival rehearsal: the rehearsal restarts it and kills its
// connections, which must never touch the machine's own PostgreSQL. fsync stays on: whether an
// acknowledged drink survives a restart is what the rehearsal checks.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  appendFileSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, sleep } from '../rehearse/processes.mjs';

const SUPERUSER = 'postgres';
const DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Runs a command to its end; rejects with its output when it exits non-zero. Asynchronous, so a
 * restart of the cluster does not stop the rehearsal's devices for its duration.
 * @param {string} command
 * @param {string[]} args
 * @param {{cwd: string, timeoutMs?: number}} options
 * @returns {Promise<string>} stdout
 */
function run(command, args, { cwd, timeoutMs = 60_000 }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code}): ${output.trim()}`));
    });
  });
}

/** PostgreSQL's server binaries: `pg_config --bindir`, else the newest /usr/lib/postgresql/<v>/bin. */
export async function postgresBinDir() {
  try {
    const bindir = (await run('pg_config', ['--bindir'], { cwd: '/' })).trim();
    if (existsSync(join(bindir, 'initdb')) && existsSync(join(bindir, 'pg_ctl'))) return bindir;
  } catch {
    // no pg_config: look where Debian installs the versions
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    : [];
  if (versions.length === 0) throw new Error('PostgreSQL server binaries not found (initdb, pg_ctl)');
  return join(root, versions[0], 'bin');
}

/**
 * Starts a private cluster under `workDir`: data in `pgdata`, its socket in `pgsocket`, its log in
 * `postgres.log`, listening on 127.0.0.1 at a free port, trust authentication for `postgres`.
 * As root, initdb and pg_ctl run as the `postgres` user (PostgreSQL refuses root).
 * @param {{workDir: string, pidFile?: string}} options `pidFile`: each postmaster's pid is appended to it.
 */
export async function startCluster({ workDir, pidFile }) {
  const bindir = await postgresBinDir();
  const dataDir = join(workDir, 'pgdata');
  const socketDir = join(workDir, 'pgsocket');
  const logPath = join(workDir, 'postgres.log');
  const asRoot = process.getuid?.() === 0;

  /** A server binary, as the `postgres` user when we are root. */
  const postgresTool = (tool, args, options = {}) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bindir, tool), ...args], { cwd: workDir, ...options })
      : run(join(bindir, tool), args, { cwd: workDir, ...options });

  mkdirSync(socketDir, { recursive: true });
  if (!existsSync(logPath)) writeFileSync(logPath, '');
  if (asRoot) {
    const { uid, gid } = postgresAccount();
    // The postgres user may pass through the work folder (not list it) and owns its own parts.
    chmodSync(workDir, statSync(workDir).mode | 0o001);
    mkdirSync(dataDir, { recursive: true });
    for (const path of [dataDir, socketDir, logPath]) chownSync(path, uid, gid);
  }

  await postgresTool('initdb', [
    '--pgdata',
    dataDir,
    '--username',
    SUPERUSER,
    '--auth',
    'trust',
    '--encoding',
    'UTF8',
    '--locale',
    'C.UTF-8',
    '--no-sync',
  ]);

  const port = await freePort();
  appendFileSync(
    join(dataDir, 'postgresql.conf'),
    [
      '',
      '# The festival rehearsal (scripts/festival/cluster.mjs).',
      "listen_addresses = '127.0.0.1'",
      `port = ${port}`,
      `unix_socket_directories = '${socketDir}'`,
      'max_connections = 200',
      'fsync = on',
      'synchronous_commit = on',
      'full_page_writes = on',
      "log_line_prefix = '%m [%p] %q%a '",
      "log_timezone = 'UTC'",
      '',
    ].join('\n'),
  );

  const url = (databaseName) => `postgres://${SUPERUSER}@127.0.0.1:${port}/${databaseName}`;
  const adminUrl = url('postgres');
  let running = false;

  const postmasterPid = () => {
    try {
      return Number.parseInt(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0], 10);
    } catch {
      return undefined;
    }
  };

  const start = async () => {
    await postgresTool('pg_ctl', [
      'start',
      '--pgdata',
      dataDir,
      '--log',
      logPath,
      '--wait',
      '--timeout',
      '60',
    ]);
    running = true;
    const pid = postmasterPid();
    if (pidFile && pid) appendFileSync(pidFile, `${pid}\n`);
  };

  const stopServer = (mode) =>
    postgresTool('pg_ctl', ['stop', '--pgdata', dataDir, '--mode', mode, '--wait', '--timeout', '30']);

  /** One statement on the maintenance database, on a connection of its own. */
  const adminQuery = async (text, values) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await client.query(text, values);
    } finally {
      await client.end();
    }
  };

  await start();

  return {
    port,
    adminUrl,
    logPath,
    dataDir,
    /** @param {string} databaseName */
    url,
    /** Creates an empty database owned by the superuser. @param {string} databaseName */
    async createDatabase(databaseName) {
      if (!DATABASE_NAME.test(databaseName)) throw new Error(`not a plain database name: ${databaseName}`);
      await adminQuery(`create database ${databaseName}`);
      return url(databaseName);
    },
    /**
     * Terminates every client connection to `databaseName` (every database's when omitted), as an
     * operator or a failover would; returns how many were terminated.
     * @param {string} [databaseName]
     * @returns {Promise<number>}
     */
    async terminateConnections(databaseName) {
      const { rows } = await adminQuery(
        // Materialized first: PostgreSQL may evaluate the conditions of one WHERE in any order, and
        // pg_terminate_backend must never see this connection's own pid.
        `with targets as materialized (
           select pid from pg_stat_activity
            where backend_type = 'client backend' and pid <> pg_backend_pid()
              and ($1::text is null or datname = $1))
         select count(*)::int as terminated from targets where pg_terminate_backend(pid)`,
        [databaseName ?? null],
      );
      return rows[0].terminated;
    },
    /**
     * Stops the cluster (fast: connections are cut, committed work is kept), stays down for
     * `downMs`, starts it again. Returns the real down interval in epoch ms: from the stop being
     * asked to the cluster accepting connections again.
     * @param {{downMs?: number}} [options]
     * @returns {Promise<{downAt: number, upAt: number}>}
     */
    async restart({ downMs = 0 } = {}) {
      const downAt = Date.now();
      await stopServer('fast');
      running = false;
      if (downMs > 0) await sleep(downMs);
      await start();
      return { downAt, upAt: Date.now() };
    },
    /** Stops the cluster; safe to call at any time and more than once (cleanup). */
    async stop() {
      if (!existsSync(join(dataDir, 'postmaster.pid'))) {
        running = false;
        return;
      }
      try {
        await stopServer('fast');
      } catch {
        const pid = postmasterPid();
        if (pid) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      }
      running = false;
    },
    isRunning: () => running,
  };
}

/** The uid and gid of the `postgres` account (from /etc/passwd). */
function postgresAccount() {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('running as root needs a postgres user to run PostgreSQL as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
