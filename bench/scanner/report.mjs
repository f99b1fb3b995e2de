// The scanner benchmark's markdown section: the runs' table, the ratios to the floor and their
// targets, the CPU each party used and what that allows, and the checks.
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { coreCount } from './cpu.mjs';
import { FLOOR_TICKETS } from './floor.mjs';
import { COLD } from './measure-server.mjs';
import { connections, duration, pgbenchMode, ticketCount, warmup } from './options.mjs';
import { MAX_DRINKS, ORDER_SIZE } from './seed.mjs';

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

export function report(runs, postgresVersion) {
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
    `${fixed(ticketCount)} tickets in orders of ${ORDER_SIZE} (half a ${MAX_DRINKS}-drink bono, half a temporal open bar) of one event running now that takes only authorized devices (docs/rules/devices.md); ${connections} connections, each one a paired device sending its own \`X-Device-Token\`, ${duration} s after a ${warmup} s warm-up; every request a different ticket, a new scanId and a recorded drink; SCANNER_RATE_LIMIT=0 (the per-client limit would stop a single load generator). The tickets are scanned in a shuffled round, so each is scanned again after all the others: the server process decides a ticket it has read before from memory and records it in one statement (docs/decisions/048); "${COLD}" runs the same load with SCANNER_KNOWN_TICKETS=0 on a new event of the same database. pgbench runs \`bench/scanner-pgbench.sql\` (the statements of a scan of a ticket read first, -M ${pgbenchMode}, ${connections} clients, -j 2) on the same database right after, with the server stopped; then the floor, \`bench/scan-floor.sql\` (lock the ticket, count its drinks, insert the drink and the log row: the least work that records a drink safely), as its file says (simple protocol, ${connections} clients, -j 2, ${fixed(FLOOR_TICKETS)} tickets) on a scratch database of the same PostgreSQL. Each of the four starts right after \`VACUUM ANALYZE\` of its database, as the floor's set-up does.`,
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
      `**Server on PostgreSQL / the floor: ${ratio.toFixed(2)}** (target ≥ 0.5: ${metOrMissed(ratio >= 0.5)}); p99 ${ms(server.p99)} ms at ${connections} connections (target ≤ 50 ms: ${metOrMissed(server.p99 <= 50)}). The product's SQL alone (pgbench) / the floor: ${(pgbench.rps / floor.rps).toFixed(2)}.`,
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
  const walRuns = runs.filter((run) => run.wal);
  if (walRuns.length > 0) {
    lines.push(
      'Write-ahead log per consume or transaction over each measured run, warm-up excluded (pg_stat_wal, the whole server; a full-page image is a whole 8 kB page, written at the first change of a page after a checkpoint):',
    );
    lines.push('');
    lines.push('| run | WAL records | full-page images | WAL bytes | checkpoints begun during the run |');
    lines.push('| --- | ---: | ---: | ---: | ---: |');
    for (const run of walRuns) {
      const { records, fullPages, bytes, checkpoints } = run.wal;
      lines.push(
        `| ${run.kind} | ${records.toFixed(1)} | ${fullPages.toFixed(2)} | ${fixed(bytes)} | ${checkpoints} |`,
      );
    }
    lines.push('');
  }
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
