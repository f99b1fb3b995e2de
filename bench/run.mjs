// Load benchmark of the read paths every screen uses, against a real server process.
// Usage: npm run bench [-- --database-url postgres://…] [--duration 10] [--connections 20]
// Starts the server on a fresh embedded database (or the given PostgreSQL) with demo data,
// signs in as the demo organizer and measures each endpoint with autocannon.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    port: { type: 'string', default: '3190' },
  },
});
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'drinkflow-bench-'));

const server = spawn('node', ['--import', 'tsx', 'packages/server/src/server.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(values['database-url']
      ? { DATABASE_URL: values['database-url'], SEED_DEMO: 'true' }
      : { DATABASE_URL: '' }),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer() {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${base}/api/config`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

function measure(title, options) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: base, duration: Number(values.duration), connections: Number(values.connections), ...options },
      (error, result) => (error ? reject(error) : resolve({ title, result })),
    );
  });
}

try {
  await waitForServer();
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'organizador@drinkflow.test', password: 'drinkflow' }),
  });
  const { user, token } = await login.json();
  const headers = { authorization: `Bearer ${token}` };
  const runs = [
    await measure('GET /api/auth/me', { path: '/api/auth/me', headers }),
    await measure(`GET /api/eventos/${user.id}`, { path: `/api/eventos/${user.id}`, headers }),
    await measure('GET /api/evento/1 (with counters)', { path: '/api/evento/1', headers }),
    await measure('GET /api/tipos-ticket/all/organizer', {
      path: '/api/tipos-ticket/all/organizer',
      headers,
    }),
  ];
  console.log(
    `\n${new Date().toISOString()} · ${cpus().length} × ${cpus()[0]?.model} · ${(totalmem() / 2 ** 30).toFixed(0)} GiB · Node ${process.version}`,
  );
  console.log(
    `database: ${values['database-url'] ? 'PostgreSQL' : 'PGlite (embedded)'} · ${values.connections} connections · ${values.duration} s each\n`,
  );
  console.log('| endpoint | req/s (mean) | p50 ms | p99 ms | non-2xx |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const { title, result } of runs) {
    console.log(
      `| ${title} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} |`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
