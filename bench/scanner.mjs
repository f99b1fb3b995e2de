// Load benchmark of the bar scanner's consume endpoint, POST /api/scanner/{apiKey}/consume, the
// request a bar waits on. Every request scans a different ticket with a new scanId and records a
// drink (lock the ticket, read its drinks, insert the drink and the scan log row).
// Usage: npm run bench:scanner [-- --database-url postgres://…/empty_db] [--duration 20]
//          [--connections 32] [--tickets 5000] [--warmup 3] [--skip-pglite] [--record]
//          [--pgbench /path/to/pgbench] [--pgbench-mode extended|prepared]
// Runs the server on a fresh embedded PGlite, then (with --database-url) on that PostgreSQL
// database twice — as configured, and with SCANNER_KNOWN_TICKETS=0 so that every scan reads its
// ticket first (docs/decisions/048) — and there pgbench with bench/scanner-pgbench.sql (a first
// scan's statements, 32 clients): what the database alone manages; then, in the same run and on
// the same PostgreSQL, the floor:
// pgbench with bench/scan-floor.sql (the least work any design must do to record a drink safely)
// on a scratch database `<database>_floor`, created and dropped here. The server runs with SCANNER_RATE_LIMIT=0. It prints a
// markdown section; --record appends it to bench/RESULTS.md (only when every check passed).
// CPU use of the server, PostgreSQL, the load generator and everything else comes from /proc
// (Linux only), sampled over the middle of each run.
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { signInDemoOrganizer, startBenchServer } from './server.mjs';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    tickets: { type: 'string', default: '5000' },
    port: { type: 'string', default: '3192' },
    pgbench: { type: 'string' },
    'pgbench-mode': { type: 'string', default: 'prepared' },
    'skip-pglite': { type: 'boolean', default: false },
    record: { type: 'boolean', default: false },
  },
});

function positive(name) {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}
const duration = positive('duration');
const warmup = positive('warmup');
const connections = positive('connections');
const ticketCount = positive('tickets');
const port = positive('port');
const databaseUrl = values['database-url'];
// prepared = named statements, as the server prepares its scan statements (scan-statements.ts);
// extended = unnamed statements with parameters, as node-postgres sends drizzle's queries.
const pgbenchMode = values['pgbench-mode'];
if (!['extended', 'prepared'].includes(pgbenchMode)) throw new Error('--pgbench-mode: extended or prepared');
if (values['skip-pglite'] && !databaseUrl) throw new Error('--skip-pglite needs --database-url');
if (ticketCount < connections * 4) throw new Error('--tickets: at least 4 per connection');

const HOUR = 3_600_000;
const ORDER_SIZE = 10; // POST /api/pedidos takes 1–10 tickets
const MAX_DRINKS = 50; // the most a por_cantidad ticket type allows
/** The server run whose process remembers no ticket (SCANNER_KNOWN_TICKETS=0). */
const COLD = 'PostgreSQL, every scan read first';
const PGBENCH_SCRIPT = new URL('./scanner-pgbench.sql', import.meta.url).pathname;
const FLOOR_SCRIPT = new URL('./scan-floor.sql', import.meta.url).pathname;
const FLOOR_TICKETS = 2000;
const RESULTS = new URL('./RESULTS.md', import.meta.url).pathname;

// --- CPU accounting from /proc: who used the two cores during a measured window -----------------

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
const coreCount = cpus().length;

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
function sampleCpu(seconds, pids) {
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

// --- The server side: seed through the organizer API, then load the consume endpoint ---------------

async function api(base, method, path, headers, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
  return response.json();
}

/** Runs `work` over `items`, `parallel` at a time. */
async function eachParallel(items, parallel, work) {
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}

/**
 * One event running now, a 50-drink bono and a temporal open bar (half the orders each), and
 * `ticketCount` tickets in orders of ten; returns the scanner key, the orders and the tickets.
 */
async function seed(base) {
  const { headers } = await signInDemoOrganizer(base);
  const start = new Date(Math.floor(Date.now() / HOUR) * HOUR - HOUR);
  const evento = await api(base, 'POST', '/api/eventos', headers, {
    nombre: 'Prueba de carga del escáner',
    ubicacion: 'Recinto Ferial, Valencia',
    fechaInicio: start.toISOString(),
    fechaFin: new Date(start.getTime() + 12 * HOUR).toISOString(),
  });
  const period = { eventoId: evento.id, validoDesde: evento.fechaInicio, validoHasta: evento.fechaFin };
  const bono = await api(base, 'POST', '/api/tipos-ticket', headers, {
    ...period,
    nombre: 'Bono 50 copas',
    modo: 'por_cantidad',
    maxDrinks: MAX_DRINKS,
    drinkType: 'todo',
  });
  const barraLibre = await api(base, 'POST', '/api/tipos-ticket', headers, {
    ...period,
    nombre: 'Barra libre',
    modo: 'temporal',
    durationMinutes: 12 * 60,
    drinkType: 'todo',
  });
  const orders = Array.from({ length: Math.ceil(ticketCount / ORDER_SIZE) }, (_, n) => ({
    eventoId: evento.id,
    nombreCompleto: `Invitado ${n + 1}`,
    email: `invitado${n + 1}@ejemplo.es`,
    ticketTypeId: (n % 2 === 0 ? bono : barraLibre).id,
    quantity: Math.min(ORDER_SIZE, ticketCount - n * ORDER_SIZE),
  }));
  const created = await eachParallel(orders, 4, (order) => api(base, 'POST', '/api/pedidos', headers, order));
  const tickets = created.flatMap((pedido) => pedido.tickets);
  if (tickets.length !== ticketCount) throw new Error(`seeded ${tickets.length} tickets, not ${ticketCount}`);
  return { headers, evento, pedidoIds: created.map((pedido) => pedido.id), tickets };
}

/** Drinks recorded for the seeded tickets, as the organizer's order pages count them. */
async function recordedDrinks(base, headers, pedidoIds) {
  const counts = await eachParallel(pedidoIds, 4, async (pedidoId) => {
    const tickets = await api(base, 'GET', `/api/tickets/${pedidoId}`, headers);
    return tickets.reduce((sum, ticket) => sum + ticket.totalConsumos, 0);
  });
  return counts.reduce((sum, n) => sum + n, 0);
}

function shuffled(items) {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/**
 * Consume requests for `seconds`: each one the next ticket of a shuffled round (so the connections'
 * requests in flight never share a ticket) and a scanId never sent before.
 */
function createLoad(base, apiKey, qrCodes) {
  const order = shuffled(qrCodes);
  const counts = { sent: 0, recorded: 0, refused: 0 };
  const tag = `bench-${Date.now().toString(36)}`;
  return {
    counts,
    run(seconds, serverPid) {
      const stopSampling = sampleCpu(seconds, { serverPid, generatorPid: 0 });
      return new Promise((resolve, reject) => {
        autocannon(
          {
            url: base,
            connections,
            duration: seconds,
            requests: [
              {
                method: 'POST',
                path: `/api/scanner/${apiKey}/consume`,
                headers: { 'content-type': 'application/json' },
                setupRequest(request) {
                  const n = counts.sent++;
                  return {
                    ...request,
                    body: JSON.stringify({
                      qrCode: order[n % order.length],
                      scanId: `${tag}-${n}`,
                      deviceId: `bench-device-${n % connections}`,
                      barra: 'Barra 1',
                    }),
                  };
                },
                onResponse(status, body) {
                  if (status !== 200) return;
                  if (body.includes('"success":true')) counts.recorded++;
                  else counts.refused++;
                },
              },
            ],
          },
          (error, result) => {
            const cpu = stopSampling();
            if (error) reject(error);
            else resolve({ result, cpu });
          },
        );
      });
    },
  };
}

/** Seeds, warms up and measures the consume endpoint on one database; checks what was recorded. */
// The server running now, stopped (and its temporary folder removed) on Ctrl-C too.
let running;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await running?.stop();
    process.exit(130);
  });
}

async function measureServer(kind, env = {}) {
  const server = await startBenchServer({
    port,
    databaseUrl: kind.startsWith('PostgreSQL') ? databaseUrl : undefined,
    // One load generator is one client: the per-client scanner limit (600/min) would stop it.
    env: { SCANNER_RATE_LIMIT: '0', ...env },
  });
  running = server;
  try {
    const seeded = await seed(server.base);
    const load = createLoad(
      server.base,
      seeded.evento.apiKey,
      seeded.tickets.map((ticket) => ticket.qrCode),
    );
    console.log(`${kind}: ${seeded.tickets.length} tickets seeded; ${warmup} s warm-up, ${duration} s run`);
    const warm = await load.run(warmup, server.pid);
    const loadBefore = loadavg()[0];
    const { result, cpu } = await load.run(duration, server.pid);
    const recorded = await recordedDrinks(server.base, seeded.headers, seeded.pedidoIds);
    const answered2xx = warm.result['2xx'] + result['2xx'];
    const problems = [];
    if (result.non2xx || warm.result.non2xx) problems.push(`${result.non2xx + warm.result.non2xx} non-2xx`);
    if (result.errors || result.timeouts)
      problems.push(`${result.errors} errors, ${result.timeouts} timeouts`);
    if (load.counts.refused) problems.push(`${load.counts.refused} scans answered 200 but refused`);
    if (load.counts.recorded !== answered2xx) {
      problems.push(`${load.counts.recorded} answered "success": true, ${answered2xx} 2xx`);
    }
    // Every drink answered as recorded is in the database, and no request recorded two. autocannon
    // stops with up to one request per connection unanswered (built, or sent and then recorded by
    // the server with nobody listening), hence a range.
    if (recorded < load.counts.recorded || recorded > load.counts.sent) {
      problems.push(
        `${recorded} drinks in the database for ${load.counts.recorded} successful answers and ${load.counts.sent} requests`,
      );
    }
    return {
      kind,
      rps: result.requests.average,
      total: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      non2xx: result.non2xx,
      recorded,
      cpu,
      loadBefore,
      problems,
      seeded,
    };
  } finally {
    running = undefined;
    await server.stop();
  }
}

// --- PostgreSQL alone: pgbench with the same statements -----------------------------------------

function psql(sql) {
  return execFileSync('psql', [databaseUrl, '-X', '-A', '-t', '-q', '-v', 'ON_ERROR_STOP=1', '-c', sql], {
    encoding: 'utf8',
  }).trim();
}

function findPgbench() {
  if (values.pgbench) return values.pgbench;
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

function runPgbench(
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
function pgbenchLatencies(dir) {
  const times = [];
  for (const file of readdirSync(dir)) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      const fields = line.split(' ');
      if (fields.length >= 3) times.push(Number(fields[2]) / 1000);
    }
  }
  return times.sort((a, b) => a - b);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measurePgbench(seeded) {
  const binary = findPgbench();
  const ids = seeded.tickets.map((ticket) => ticket.id).sort((a, b) => a - b);
  const [first, last] = [ids[0], ids.at(-1)];
  if (last - first + 1 !== ids.length) throw new Error('the seeded tickets do not have consecutive ids');
  const variables = { api_key: seeded.evento.apiKey, first_ticket: first, last_ticket: last };
  const drinks = () =>
    Number(psql(`select count(*) from consumos where ticket_id between ${first} and ${last}`));
  const before = drinks();
  const logDir = mkdtempSync(join(tmpdir(), 'drinkflow-pgbench-'));
  try {
    console.log(`pgbench: ${warmup} s warm-up, ${duration} s run`);
    const warm = await runPgbench(binary, warmup, variables);
    const loadBefore = loadavg()[0];
    const run = await runPgbench(binary, duration, variables, join(logDir, 'tx'));
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
      loadBefore,
      problems,
    };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}

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
async function measureFloor() {
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
    const options = { script: FLOOR_SCRIPT, mode: 'simple', url: floorUrl };
    const logDir = mkdtempSync(join(tmpdir(), 'drinkflow-floor-'));
    try {
      console.log(`floor: ${warmup} s warm-up, ${duration} s run`);
      const variables = { tickets: FLOOR_TICKETS };
      const warm = await runPgbench(binary, warmup, variables, undefined, options);
      const loadBefore = loadavg()[0];
      const run = await runPgbench(binary, duration, variables, join(logDir, 'tx'), options);
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

// --- Report ------------------------------------------------------------------------------------

const fixed = (n, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (n) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const metOrMissed = (ok) => (ok ? '**met**' : '**missed**');

function osName() {
  try {
    return /PRETTY_NAME="([^"]+)"/.exec(readFileSync('/etc/os-release', 'utf8'))[1];
  } catch {
    return process.platform;
  }
}

function cpuRow(run) {
  const { cpu } = run;
  if (!cpu) return `| ${run.kind} | – | – | – | – | – | – |`;
  const pct = (cores) => `${Math.round(cores * 100)} %`;
  const perRequest = (cores) => (cores * 1000) / run.rps;
  const database = run.kind === 'PGlite' ? '(in node)' : perRequest(cpu.postgres).toFixed(2);
  const node = run.kind === 'pgbench' || run.kind === 'floor' ? '–' : perRequest(cpu.server).toFixed(2);
  return `| ${run.kind} | ${pct(cpu.server)} | ${pct(cpu.postgres)} | ${pct(cpu.generator)} | ${pct(cpu.other)} | ${pct(coreCount - cpu.busy)} | ${node} / ${database} |`;
}

/** Plain sentences from the CPU figures: which party ran out of CPU, and what that allows. */
function limits(runs) {
  const lines = [];
  for (const run of runs) {
    const { cpu } = run;
    if (!cpu) continue;
    const idle = coreCount - cpu.busy;
    const perRequest = (cores) => (cores * 1000) / run.rps;
    if (run.kind === 'PGlite') {
      lines.push(
        `- PGlite: the server process used ${fixed(cpu.server, 2)} cores, ${perRequest(cpu.server).toFixed(1)} ms of CPU per consume. The database runs inside the server's JavaScript thread (WASM), so a consume's statements, their protocol messages and the HTTP work all take turns on one thread: about ${fixed(run.rps)} consumes/s${cpu.server > 0.85 ? ' with that thread saturated' : ''}, and long queues behind it (p99 ${ms(run.p99)} ms with ${connections} connections).`,
      );
    } else if (run.kind.startsWith('PostgreSQL')) {
      const node = perRequest(cpu.server);
      const database = perRequest(cpu.postgres);
      const generator = perRequest(cpu.generator);
      const bound =
        cpu.server > 0.85
          ? `the server's JavaScript thread was saturated (${fixed(cpu.server, 2)} cores with its helper threads): at ${node.toFixed(2)} ms of Node CPU per consume one process manages about ${fixed(1000 / node)}/s`
          : idle < 0.2
            ? 'the two cores were saturated, shared by the server, PostgreSQL and the load generator'
            : `neither the server (${fixed(cpu.server, 2)} cores) nor the machine (${fixed(idle, 2)} cores idle) ran out of CPU: the requests waited on round trips and locks`;
      lines.push(
        `- ${run.kind}: ${bound}. PostgreSQL spent ${database.toFixed(2)} ms and the load generator ${generator.toFixed(2)} ms per consume; together ${(node + database + generator).toFixed(2)} ms of CPU per consume, so ${coreCount} cores allow at most about ${fixed((coreCount * 1000) / (node + database + generator))}/s even with the work perfectly spread.`,
      );
    } else {
      lines.push(
        `- ${run.kind}: PostgreSQL used ${fixed(cpu.postgres, 2)} cores, ${perRequest(cpu.postgres).toFixed(2)} ms of CPU per transaction, pgbench itself ${fixed(cpu.generator, 2)}; ${idle < 0.2 ? `the ${coreCount} cores were saturated, so this is the machine's ceiling for this SQL` : `${fixed(idle, 2)} cores stayed idle`}. The server cannot reach it: its own Node CPU per consume comes out of the same ${coreCount} cores.`,
      );
    }
  }
  return lines;
}

function report(runs, postgresVersion) {
  const server = runs.find((run) => run.kind === 'PostgreSQL');
  const pgbench = runs.find((run) => run.kind === 'pgbench');
  const floor = runs.find((run) => run.kind === 'floor');
  const cold = runs.find((run) => run.kind === COLD);
  const lines = [];
  lines.push(`## ${new Date().toISOString().slice(0, 10)} — bar scanner: POST /api/scanner/{apiKey}/consume`);
  lines.push('');
  lines.push(
    `Run at ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${coreCount} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${osName()}, Node ${process.version}${postgresVersion ? `, PostgreSQL ${postgresVersion} (local, default settings)` : ''}. Load average (1 min, this script's previous run included) before each run: ${runs.map((run) => `${run.kind} ${run.loadBefore.toFixed(2)}`).join(', ')}.`,
  );
  lines.push('');
  lines.push(
    `${fixed(ticketCount)} tickets in orders of ${ORDER_SIZE} (half a ${MAX_DRINKS}-drink bono, half a temporal open bar) of one event running now; ${connections} connections, ${duration} s after a ${warmup} s warm-up; every request a different ticket, a new scanId and a recorded drink; SCANNER_RATE_LIMIT=0 (the per-client limit would stop a single load generator). The tickets are scanned in a shuffled round, so each is scanned again after all the others: the server process decides a ticket it has read before from memory and records it in one statement (docs/decisions/048); "${COLD}" runs the same load with SCANNER_KNOWN_TICKETS=0 on a new event of the same database. pgbench runs \`bench/scanner-pgbench.sql\` (the statements of a scan of a ticket read first, -M ${pgbenchMode}, ${connections} clients, -j 2) on the same database right after, with the server stopped; then the floor, \`bench/scan-floor.sql\` (lock the ticket, count its drinks, insert the drink and the log row: the least work that records a drink safely), as its file says (simple protocol, ${connections} clients, -j 2, ${fixed(FLOOR_TICKETS)} tickets) on a scratch database of the same PostgreSQL.`,
  );
  lines.push('');
  lines.push(
    '| | consumes/s (mean) | p50 ms | p99 ms | max ms | requests | non-2xx | drinks recorded, with warm-up |',
  );
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const run of runs) {
    const title =
      run.kind === 'pgbench'
        ? "pgbench, a first scan's SQL (tps)"
        : run.kind === 'floor'
          ? 'floor: scan-floor.sql (tps)'
          : `server on ${run.kind}${run.kind === 'PGlite' ? ' (embedded)' : ''}`;
    lines.push(
      `| ${title} | ${fixed(run.rps)} | ${ms(run.p50)} | ${ms(run.p99)} | ${ms(run.max)} | ${fixed(run.total)} | ${run.non2xx ?? '–'} | ${fixed(run.recorded)} |`,
    );
  }
  lines.push('');
  if (server && pgbench) {
    const own = cold ?? server;
    lines.push(
      `${own.kind === COLD ? 'Server, every scan read first' : 'Server on PostgreSQL'} / its SQL in pgbench: ${(own.rps / pgbench.rps).toFixed(2)} (what the HTTP server and Node cost on top of the database work); stretch ≥ 2,000 consumes/s: ${metOrMissed(server.rps >= 2000)}.`,
    );
    lines.push('');
  }
  if (server && floor) {
    const ratio = server.rps / floor.rps;
    lines.push(
      `**Server on PostgreSQL / the floor: ${ratio.toFixed(2)}** (target ≥ 0.4: ${metOrMissed(ratio >= 0.4)}); p99 ${ms(server.p99)} ms at ${connections} connections (target ≤ 100 ms: ${metOrMissed(server.p99 <= 100)}). The product's SQL alone (pgbench) / the floor: ${(pgbench.rps / floor.rps).toFixed(2)}.`,
    );
    lines.push('');
  }
  if (cold && floor) {
    lines.push(
      `${cold.kind[0].toUpperCase()}${cold.kind.slice(1)} / the floor: ${(cold.rps / floor.rps).toFixed(2)}; p99 ${ms(cold.p99)} ms.`,
    );
    lines.push('');
  }
  lines.push(`CPU over the middle of each run (100 % = one core of ${coreCount}):`);
  lines.push('');
  lines.push(
    '| run | server (node) | postgres (all) | load generator | other | idle | CPU ms per consume: node / postgres |',
  );
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const run of runs) lines.push(cpuRow(run));
  lines.push('');
  const busiest = Math.max(...runs.map((run) => run.cpu?.other ?? 0));
  lines.push(
    busiest > 0.2
      ? `**The machine was busy**: other processes used up to ${fixed(busiest, 2)} cores during these runs, so the figures are lower bounds.`
      : `Other processes used at most ${fixed(busiest, 2)} cores during the runs.`,
  );
  lines.push('');
  lines.push(...limits(runs));
  const problems = runs.flatMap((run) => run.problems.map((problem) => `${run.kind}: ${problem}`));
  lines.push('');
  lines.push(
    problems.length
      ? `Checks failed: ${problems.join('; ')}.`
      : 'Checks passed: every answer was a 200 with a recorded drink; the database holds every drink answered as recorded and no more than the requests sent (the last one per connection is cut off unanswered); pgbench inserted one drink per transaction.',
  );
  return { text: lines.join('\n'), problems };
}

// --- Main --------------------------------------------------------------------------------------

const runs = [];
if (!values['skip-pglite']) runs.push(await measureServer('PGlite'));
let postgresVersion;
if (databaseUrl) {
  postgresVersion = psql('show server_version').split(' ')[0];
  const server = await measureServer('PostgreSQL');
  runs.push(server);
  // The same with no ticket remembered: every scan reads its ticket first (docs/decisions/048).
  runs.push(await measureServer(COLD, { SCANNER_KNOWN_TICKETS: '0' }));
  runs.push(await measurePgbench(server.seeded));
  runs.push(await measureFloor());
}
const { text, problems } = report(runs, postgresVersion);
console.log(`\n${text}\n`);
if (problems.length) {
  console.error('The checks failed; nothing recorded.');
  process.exitCode = 1;
} else if (values.record) {
  appendFileSync(RESULTS, `\n${text}\n`);
  console.log(`Recorded in ${RESULTS}.`);
}
