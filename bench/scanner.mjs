// Load benchmark of the bar scanner's consume endpoint, POST /api/scanner/{apiKey}/consume, the
// request a bar waits on. Every request scans a different ticket with a new scanId and records a
// drink (lock the ticket, read its drinks, insert the drink and the scan log row). The event takes
// only authorized devices: each connection is a phone paired through the API, sending its token.
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
import { appendFileSync } from 'node:fs';
import { measureFloor } from './scanner/floor.mjs';
import { COLD, measureServer, stopRunningServer } from './scanner/measure-server.mjs';
import { databaseUrl, record, skipPglite } from './scanner/options.mjs';
import { measurePgbench, psql } from './scanner/pgbench.mjs';
import { report } from './scanner/report.mjs';

const RESULTS = new URL('./RESULTS.md', import.meta.url).pathname;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await stopRunningServer();
    process.exit(130);
  });
}

const runs = [];
if (!skipPglite) runs.push(await measureServer('PGlite'));
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
} else if (record) {
  appendFileSync(RESULTS, `\n${text}\n`);
  console.log(`Recorded in ${RESULTS}.`);
}
