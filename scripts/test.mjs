// The whole test suite, layer by layer: typecheck, lint, format and import circles (at once), unit +
// API (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then the browser journeys. A layer
// that fails, or that runs no test, fails the run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { countByFolder, incompleteFolders } from './vitest-report.mjs';

// CI must test PostgreSQL too: a CI run without it would pass having skipped a whole layer.
if (process.env.CI && !process.env.TEST_DATABASE_URL) {
  console.error('✗ CI is set but TEST_DATABASE_URL is not: the API suite on PostgreSQL would not run.');
  process.exit(1);
}

const tmp = '.test-tmp';
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });

const results = [];

/** Runs one layer; a failure ends the run unless `keepGoing` (the caller then counts its report). */
function run(label, command, args, { env = {}, keepGoing = false } = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (child.status !== 0) {
    console.error(`✗ ${label} failed (exit ${child.status ?? child.signal}) after ${seconds} s`);
    if (keepGoing) return false;
    summarize();
    process.exit(1);
  }
  console.log(`✓ ${label} (${seconds} s)`);
  return true;
}

/**
 * Runs independent checks at once (each mostly single-threaded, so two cores finish them in about
 * the time of the longest); each one's output is printed whole when it ends, and any failure ends
 * the run once all have finished.
 */
async function runTogether(layers) {
  const outcomes = await Promise.all(
    layers.map(
      ({ label, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (status, signal) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
            process.stdout.write(Buffer.concat(output));
            if (status === 0) console.log(`✓ ${label} (${seconds} s)`);
            else console.error(`✗ ${label} failed (exit ${status ?? signal}) after ${seconds} s`);
            resolve(status === 0);
          });
        }),
    ),
  );
  if (outcomes.includes(false)) {
    summarize();
    process.exit(1);
  }
}

/** A test layer: its report is counted even when it failed, so the closing line tells the truth. */
function runCounted(label, command, args, count, reportFile) {
  const passed = run(label, command, args, { keepGoing: true });
  try {
    count(label, reportFile);
  } catch (error) {
    console.error(`✗ ${label}: no readable report at ${reportFile} (${error.message})`);
    record(label, 0, 1, 0);
  }
  if (!passed) {
    summarize();
    process.exit(1);
  }
}

/** Counts a Vitest layer; each package in `folders` must have run tests of its own. */
function countVitest(label, file, folders) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const missing = incompleteFolders(countByFolder(report), folders);
  if (missing.length > 0) {
    console.error(`✗ ${label}: no passing tests (or failed/skipped ones) in ${missing.join(', ')}`);
    record(label, report.numPassedTests, Math.max(1, report.numFailedTests), report.numPendingTests);
  }
  record(label, report.numPassedTests, report.numFailedTests, report.numPendingTests + report.numTodoTests);
}

function countPlaywright(label, file) {
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  record(label, stats.expected, stats.unexpected + stats.flaky, stats.skipped);
}

function record(label, passed, failed, skipped) {
  results.push({ label, passed, failed, skipped });
  if (passed === 0 || failed > 0 || skipped > 0) {
    console.error(
      `✗ ${label}: ${passed} passed, ${failed} failed, ${skipped} skipped — every layer must run all its tests`,
    );
    summarize();
    process.exit(1);
  }
}

function summarize() {
  for (const { label, passed, failed, skipped } of results) {
    console.log(`  ${label}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
  const passed = results.reduce((sum, layer) => sum + layer.passed, 0);
  const failed = results.reduce((sum, layer) => sum + layer.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
}

const npx = 'npx';
run('system tools', 'bash', ['scripts/ensure-system-tools.sh']);
await runTogether([
  { label: 'typecheck', command: npx, args: ['tsc', '-b'] },
  { label: 'lint', command: npx, args: ['eslint', '.', '--max-warnings', '0'] },
  { label: 'format', command: npx, args: ['prettier', '--check', '.', '--log-level', 'warn'] },
  { label: 'import circles', command: 'node', args: ['scripts/check-import-cycles.mjs'] },
]);

const vitestJson = (name) => [
  `--reporter=default`,
  `--reporter=json`,
  `--outputFile.json=${tmp}/${name}.json`,
];
run('unit + API on PGlite', npx, [
  'vitest',
  'run',
  '--project',
  'domain',
  '--project',
  'server-pglite',
  '--project',
  'web',
  '--project',
  'scripts',
  ...vitestJson('vitest-pglite'),
]);
countVitest('unit + API on PGlite', `${tmp}/vitest-pglite.json`, ['domain', 'server', 'web', 'scripts']);

if (process.env.TEST_DATABASE_URL) {
  runCounted(
    'API on PostgreSQL',
    npx,
    ['vitest', 'run', '--project', 'server-pg', ...vitestJson('vitest-pg')],
    (label, file) => countVitest(label, file, ['server']),
    `${tmp}/vitest-pg.json`,
  );
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API suite on PostgreSQL is not run)');
}

run('build (web app and server)', 'npm', ['run', 'build', '--silent']);
// The production layout (two processes behind Caddy with tls internal) on the build just made, in a
// scratch database of TEST_DATABASE_URL's server (docs/decisions/040).
if (process.env.TEST_DATABASE_URL) {
  run('production rehearsal', 'bash', ['scripts/rehearse-production.sh', '--no-build']);
  // A festival night in a minute: faults, offline devices and the judge (docs/decisions/071). It runs
  // its own PostgreSQL cluster, so it needs only the machine's PostgreSQL binaries.
  run('festival rehearsal (short)', 'bash', ['scripts/rehearse-festival.sh', '--no-build', '--short']);
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the production rehearsal behind Caddy is not run)');
}
runCounted('browser journeys', npx, ['playwright', 'test'], countPlaywright, `${tmp}/playwright.json`);

console.log('\nAll layers passed:');
summarize();
