import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { credentials, exitOf, killAll, post, runCli, serverEntry, startServer } from './server-process';

afterAll(killAll);

describe('server process on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'drinkflow-process-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('seeds the demo, refuses a second process, survives SIGKILL and keeps the data', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    expect(await (await fetch(`${first.base}/api/config`)).json()).toEqual({ demo: true });
    expect(first.output()).toMatch(/ATENCIÓN: hay cuentas de demostración con contraseña pública/);
    expect(first.output()).toMatch(/admin@drinkflow\.test/);
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

describe('real use on the embedded database: SEED_DEMO=false and npm run user:create', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'drinkflow-real-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts without demo accounts or warning, and the admin made by user:create signs in', async () => {
    const created = await runCli(
      ['--email', 'Jefa@Ejemplo.es', '--rol', 'admin', '--nombre', 'Jefa'],
      'clave-de-verdad\n',
      { DATA_DIR: dataDir },
    );
    expect(created).toMatchObject({ code: 0 });
    expect(created.output).toMatch(/Usuario creado: Jefa@Ejemplo\.es \(admin/);
    expect(created.output).not.toContain('clave-de-verdad');
    const taken = await runCli(['--email', 'jefa@ejemplo.es', '--rol', 'admin'], 'otra-clave\n', {
      DATA_DIR: dataDir,
    });
    expect(taken).toMatchObject({ code: 1, output: expect.stringMatching(/Ya existe una cuenta/) });

    const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    expect(await (await fetch(`${server.base}/api/config`)).json()).toEqual({ demo: false });
    expect(server.output()).not.toMatch(/ATENCIÓN/);
    const demo = await post(server.base, '/api/auth/login', {
      email: 'admin@drinkflow.test',
      password: 'drinkflow',
    });
    expect(demo.status).toBe(401);
    const admin = await post(server.base, '/api/auth/login', {
      email: 'jefa@ejemplo.es',
      password: 'clave-de-verdad',
    });
    expect(admin.status).toBe(200);
    expect(admin.body.user).toMatchObject({ rol: 'admin', nombre: 'Jefa' });

    // While the server holds the data directory, the command refuses instead of corrupting it.
    const busy = await runCli(['--email', 'otro@ejemplo.es', '--rol', 'scanner'], 'clave-123\n', {
      DATA_DIR: dataDir,
    });
    expect(busy).toMatchObject({ code: 1, output: expect.stringMatching(/ya está en uso/) });

    server.child.kill('SIGTERM');
    expect(await exitOf(server.child)).toBe(0);
  }, 90_000);
});
