// PostgreSQL alone: pgbench with bench/scanner-pgbench.sql, the statements of a first scan, on the
// database the server runs on.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile } from '../lib/statistics.mjs';
import { sampleCpu } from './cpu.mjs';
import { walCounters, walPerTransaction } from './wal.mjs';
import { connections, databaseUrl, duration, pgbenchMode, pgbenchPath, warmup } from './options.mjs';

const PGBENCH_SCRIPT = new URL('../scanner-pgbench.sql', import.meta.url).pathname;

export function psql(sql) {
  return execFileSync('psql', [databaseUrl, '-X', '-A', '-t', '-q', '-v', 'ON_ERROR_STOP=1', '-c', sql], {
    encoding: 'utf8',
  }).trim();
}

/**
 * Brings a database to the state the floor's set-up leaves its own: dead rows vacuumed and planner
 * statistics fresh, so every run is planned from real statistics, as a server that has run a while
 * is, and autovacuum does not start in the middle of one run and not another.
 */
export function settle(url = databaseUrl) {
  // Through standard input: VACUUM cannot run in the one transaction of a multi-statement -c.
  execFileSync('psql', [url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-f', '-'], {
    input: 'VACUUM ANALYZE;\n',
  });
}

export function findPgbench() {
  if (pgbenchPath) return pgbenchPath;
  try {
    return execFileSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' }).trim();
  } catch {
    const dir = '/usr/lib/postgresql';
    const versions = existsSync(dir) ? readdirSync(dir).sort((a, b) => Number(b) - Number(a)) : [];
    const found = versions.map((v) => join(dir, v, 'bin', 'pgbench')).find((path) => existsSync(path));
    if (!found) throw new Error('pgbench not found (install postgresql-client or pass --pgbench)');
    return found;
  }
}

export function runPgbench(
  binary,
  seconds,
  variables,
  logPrefix,
  { script = PGBENCH_SCRIPT, mode = pgbenchMode, url = databaseUrl } = {},
) {
  const args = ['-n', '-M', mode, '-c', String(connections), '-j', '2', '-T', String(seconds)];
  args.push('-f', script);
  for (const [name, value] of Object.entries(variables)) args.push('-D', `${name}=${value}`);
  if (logPrefix) args.push('-l', `--log-prefix=${logPrefix}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stopSampling = sampleCpu(seconds, { serverPid: 0, generatorPid: child.pid });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const cpu = stopSampling();
      if (code !== 0) return reject(new Error(`pgbench exited with ${code}:\n${stderr}${stdout}`));
      const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
      const processed = /number of transactions actually processed: (\d+)/.exec(stdout);
      const failed = /number of failed transactions: (\d+)/.exec(stdout);
      if (!tps || !processed) return reject(new Error(`unexpected pgbench output:\n${stdout}`));
      resolve({
        tps: Number(tps[1]),
        processed: Number(processed[1]),
        failed: Number(failed?.[1] ?? 0),
        cpu,
      });
    });
  });
}

/** Transaction latencies (ms) from pgbench's per-transaction logs (`-l`). */
export function pgbenchLatencies(dir) {
  const times = [];
  for (const file of readdirSync(dir)) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      const fields = line.split(' ');
      if (fields.length >= 3) times.push(Number(fields[2]) / 1000);
    }
  }
  return times.sort((a, b) => a - b);
}

export async function measurePgbench(seeded) {
  const binary = findPgbench();
  const ids = seeded.tickets.map((ticket) => ticket.id).sort((a, b) => a - b);
  const [first, last] = [ids[0], ids.at(-1)];
  if (last - first + 1 !== ids.length) throw new Error('the seeded tickets do not have consecutive ids');
  const variables = { api_key: seeded.evento.apiKey, first_ticket: first, last_ticket: last };
  const drinks = () =>
    Number(psql(`select count(*) from consumos where ticket_id between ${first} and ${last}`));
  const before = drinks();
  settle();
  const logDir = mkdtempSync(join(tmpdir(), 'drinkflow-pgbench-'));
  try {
    console.log(`pgbench: ${warmup} s warm-up, ${duration} s run`);
    const warm = await runPgbench(binary, warmup, variables);
    const loadBefore = loadavg()[0];
    const walBefore = walCounters();
    const run = await runPgbench(binary, duration, variables, join(logDir, 'tx'));
    const wal = walPerTransaction(walBefore, walCounters(), run.processed);
    const latencies = pgbenchLatencies(logDir);
    const added = drinks() - before;
    const problems = [];
    if (warm.failed || run.failed) problems.push(`${warm.failed + run.failed} failed transactions`);
    // A transaction whose ticket another client changed since its read records nothing (the server
    // would decide that scan again): two of 32 clients drawing one of thousands of tickets at once.
    const transactions = warm.processed + run.processed;
    if (added > transactions || added < transactions * 0.98) {
      problems.push(`${added} drinks inserted, ${transactions} transactions`);
    }
    return {
      kind: 'pgbench',
      version: execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim(),
      rps: run.tps,
      total: run.processed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1),
      recorded: added,
      cpu: run.cpu,
      wal,
      loadBefore,
      problems,
    };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}
