// Starts `packages/server/src/server.ts` for a benchmark: a fresh embedded database in a temporary
// folder, or the given PostgreSQL (seeded with the demo data), and stops it afterwards.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function startBenchServer({ port, databaseUrl, env = {} }) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'drinkflow-bench-'));
  const child = spawn('node', ['--import', 'tsx', 'packages/server/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, SEED_DEMO: 'true' } : { DATABASE_URL: '' }),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${base}/api/config`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt === 119) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    base,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in as the demo organizer; returns its user and the Authorization header of its session. */
export async function signInDemoOrganizer(base) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'organizador@drinkflow.test', password: 'drinkflow' }),
  });
  const { user, token } = await response.json();
  return { user, headers: { authorization: `Bearer ${token}` } };
}
