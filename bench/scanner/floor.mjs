// The floor: pgbench with bench/scan-floor.sql (the least work any design must do to record a drink
// safely), as its file says, on a scratch database `<database>_floor` created and dropped here.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile } from '../lib/statistics.mjs';
import { databaseUrl, duration, warmup } from './options.mjs';
import { findPgbench, pgbenchLatencies, runPgbench, settle } from './pgbench.mjs';
import { walCounters, walPerTransaction } from './wal.mjs';

const FLOOR_SCRIPT = new URL('../scan-floor.sql', import.meta.url).pathname;
export const FLOOR_TICKETS = 2000;

/** The set-up of scan-floor.sql, from its own comment block (the lines between "Set-up" and "Run:"). */
function floorSetup() {
  const lines = readFileSync(FLOOR_SCRIPT, 'utf8').split('\n');
  const from = lines.findIndex((line) => line.includes('Set-up'));
  const to = lines.findIndex((line) => line.startsWith('-- Run:'));
  return lines
    .slice(from + 1, to)
    .map((line) => line.replace(/^--\s?/, ''))
    .join('\n')
    .replace(/generate_series\(1, \d+\)/, `generate_series(1, ${FLOOR_TICKETS})`);
}

/** The floor, run as its file says (simple protocol), on a scratch database of the same PostgreSQL. */
export async function measureFloor() {
  const binary = findPgbench();
  const url = new URL(databaseUrl);
  const name = `${url.pathname.slice(1)}_floor`;
  const admin = (sql) => execFileSync('psql', [databaseUrl, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', sql]);
  admin(`drop database if exists "${name}"`);
  admin(`create database "${name}"`);
  url.pathname = `/${name}`;
  const floorUrl = url.toString();
  try {
    // Through standard input: VACUUM cannot run in the one transaction of a multi-statement -c.
    execFileSync('psql', [floorUrl, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-f', '-'], { input: floorSetup() });
    settle(floorUrl);
    const options = { script: FLOOR_SCRIPT, mode: 'simple', url: floorUrl };
    const logDir = mkdtempSync(join(tmpdir(), 'drinkflow-floor-'));
    try {
      console.log(`floor: ${warmup} s warm-up, ${duration} s run`);
      const variables = { tickets: FLOOR_TICKETS };
      const warm = await runPgbench(binary, warmup, variables, undefined, options);
      const loadBefore = loadavg()[0];
      const walBefore = walCounters();
      const run = await runPgbench(binary, duration, variables, join(logDir, 'tx'), options);
      const wal = walPerTransaction(walBefore, walCounters(), run.processed);
      const latencies = pgbenchLatencies(logDir);
      const stored = Number(
        execFileSync('psql', [floorUrl, '-X', '-A', '-t', '-q', '-c', 'select count(*) from consumos'], {
          encoding: 'utf8',
        }).trim(),
      );
      const problems = [];
      if (warm.failed || run.failed) problems.push(`${warm.failed + run.failed} failed transactions`);
      if (stored !== warm.processed + run.processed) {
        problems.push(`${stored} drinks inserted, ${warm.processed + run.processed} transactions`);
      }
      return {
        kind: 'floor',
        rps: run.tps,
        total: run.processed,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies.at(-1),
        recorded: stored,
        cpu: run.cpu,
        wal,
        loadBefore,
        problems,
      };
    } finally {
      rmSync(logDir, { recursive: true, force: true });
    }
  } finally {
    admin(`drop database if exists "${name}"`);
  }
}
