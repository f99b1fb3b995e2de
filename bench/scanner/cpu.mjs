// CPU accounting from /proc (Linux only): who used the machine's cores during a measured window —
// the server, PostgreSQL, the load generator and everything else.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
export const coreCount = cpus().length;

function processTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0; // gone
  }
}

/** Every PostgreSQL process on the machine (the local server's backends, other databases' too). */
function postgresTicks() {
  const ticks = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') ticks.set(pid, processTicks(pid));
    } catch {
      // gone
    }
  }
  return ticks;
}

function machineTicks() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { idle: fields[3] + fields[4], total: fields.reduce((sum, n) => sum + n, 0) };
}

function cpuSnapshot({ serverPid, generatorPid }) {
  return {
    at: performance.now(),
    machine: machineTicks(),
    server: serverPid ? processTicks(serverPid) : 0,
    generator: generatorPid ? processTicks(generatorPid) : 0,
    self: process.cpuUsage(),
    postgres: postgresTicks(),
  };
}

/** Cores used (0…coreCount) by each party between two snapshots. */
function cpuBetween(a, b) {
  const seconds = (b.at - a.at) / 1000;
  const cores = (ticks) => ticks / clockTicks / seconds;
  let postgres = 0;
  for (const [pid, ticks] of b.postgres) postgres += ticks - (a.postgres.get(pid) ?? 0);
  const self = (b.self.user + b.self.system - a.self.user - a.self.system) / 1e6 / seconds;
  const total = b.machine.total - a.machine.total;
  const busy = ((total - (b.machine.idle - a.machine.idle)) / total) * coreCount;
  const usage = {
    server: cores(b.server - a.server),
    postgres: cores(postgres),
    generator: cores(b.generator - a.generator) + self,
    busy,
  };
  usage.other = Math.max(0, busy - usage.server - usage.postgres - usage.generator);
  return usage;
}

/** Samples the CPU over the middle of a run of `seconds` (its first and last second left out). */
export function sampleCpu(seconds, pids) {
  const margin = seconds >= 4 ? 1000 : 100;
  let first;
  let last;
  const start = setTimeout(() => (first = cpuSnapshot(pids)), margin);
  const end = setTimeout(() => (last = cpuSnapshot(pids)), seconds * 1000 - margin);
  return () => {
    clearTimeout(start);
    clearTimeout(end);
    return first && last ? cpuBetween(first, last) : null;
  };
}
