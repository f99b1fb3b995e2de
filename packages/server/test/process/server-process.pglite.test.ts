import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { credentials, exitOf, killAll, post, serverEntry, startServer } from './server-process';

afterAll(killAll);

describe('server process on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'drinkflow-process-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('seeds the demo, refuses a second process, survives SIGKILL and keeps the data', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    expect(await (await fetch(`${first.base}/api/config`)).json()).toEqual({ demo: true });
    const demoLogin = await post(first.base, '/api/auth/login', {
      email: 'organizador@drinkflow.test',
      password: 'drinkflow',
    });
    expect(demoLogin.status).toBe(200);
    expect(
      (await post(first.base, '/api/auth/register', { ...credentials, nombre: 'Persistente' })).status,
    ).toBe(201);

    const second = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let refusal = '';
    second.stderr!.on('data', (chunk: Buffer) => (refusal += chunk.toString()));
    expect(await exitOf(second)).toBe(1);
    expect(refusal).toMatch(/ya está en uso por otro proceso de DrinkFlow \(PID \d+\)/);

    // A crash leaves the lock behind; the next start takes it over and the acknowledged write is there.
    first.child.kill('SIGKILL');
    await exitOf(first.child);
    expect(existsSync(join(dataDir, 'drinkflow.lock'))).toBe(true);
    const restarted = await startServer({ DATA_DIR: dataDir });
    expect((await post(restarted.base, '/api/auth/login', credentials)).status).toBe(200);

    restarted.child.kill('SIGTERM');
    expect(await exitOf(restarted.child)).toBe(0);
    expect(existsSync(join(dataDir, 'drinkflow.lock'))).toBe(false);
  }, 90_000);
});
