import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, defaultOutdir, entryPoints } from '../build-server.mjs';

// The bundles go inside packages/server/dist (ignored by git), where they find the package root
// (migrations) and node_modules as the real build does.
let outdir;
let outfile;
let dataDir;
let child;
beforeAll(async () => {
  await mkdir(defaultOutdir, { recursive: true });
  outdir = await mkdtemp(join(defaultOutdir, '.test-'));
  outfile = await buildServer({ outdir });
  dataDir = await mkdtemp(join(tmpdir(), 'build-server-'));
}, 60_000);
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (outdir) await rm(outdir, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The modules a bundle imports by name or path, static or dynamic. */
async function importsOf(file) {
  const bundle = await readFile(file, 'utf8');
  return [...bundle.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]);
}

/** Resolves with the port once the server prints its address; rejects if it exits first. */
function listeningPort(server) {
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk) => {
      output += chunk;
      const match = /DrinkFlow en http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
    server.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
}

/** Runs a built admin command with plain node on the test's DATA_DIR; resolves on exit. */
function runCommand(name, args, input = '') {
  const command = spawn(process.execPath, [join(outdir, `${name}.js`), ...args], {
    cwd: outdir,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, NODE_OPTIONS: '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  command.stdout.on('data', (chunk) => (output += chunk));
  command.stderr.on('data', (chunk) => (output += chunk));
  command.stdin.end(input);
  return new Promise((resolve) => command.once('exit', (code) => resolve({ code, output })));
}

describe('production build of the server (docs/decisions/038)', () => {
  it('is one JavaScript bundle with no TypeScript import that plain node starts', async () => {
    const imports = await importsOf(outfile);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((path) => path.endsWith('.ts') || path.startsWith('.'))).toEqual([]);
    expect(imports.filter((path) => path.startsWith('@drinkflow/') || /^tsx(\/|$)/.test(path))).toEqual([]);

    child = spawn(process.execPath, [outfile], {
      cwd: dirname(outfile),
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const port = await listeningPort(child);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', db: 'ok' });

    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }, 60_000);
});

describe('the admin commands bundled like the server (docs/decisions/057)', () => {
  it('imports only production dependencies of @drinkflow/server, the packages the image installs', async () => {
    const manifest = JSON.parse(await readFile(join(defaultOutdir, '../package.json'), 'utf8'));
    const dependencies = Object.keys(manifest.dependencies);
    for (const name of Object.keys(entryPoints)) {
      const imports = await importsOf(join(outdir, `${name}.js`));
      expect(imports.filter((path) => path.endsWith('.ts') || path.startsWith('.'))).toEqual([]);
      const packages = imports
        .filter((path) => !path.startsWith('node:'))
        .map((path) =>
          path
            .split('/')
            .slice(0, path.startsWith('@') ? 2 : 1)
            .join('/'),
        );
      expect(
        packages.filter((name) => !dependencies.includes(name)),
        `${name}.js`,
      ).toEqual([]);
    }
  });

  it('migrate, create a user, back up and restore with plain node, no TypeScript loader', async () => {
    expect(Object.keys(entryPoints).filter((name) => name.startsWith('cli/'))).toEqual([
      'cli/db-migrate',
      'cli/db-backup',
      'cli/create-user',
    ]);
    expect(await runCommand('cli/db-migrate', [])).toMatchObject({
      code: 0,
      output: expect.stringContaining('Migraciones aplicadas (pglite)'),
    });
    const created = await runCommand(
      'cli/create-user',
      ['--email', 'ana@ejemplo.es', '--rol', 'admin'],
      'secreta1\n',
    );
    expect(created).toMatchObject({
      code: 0,
      output: expect.stringContaining('Usuario creado: ana@ejemplo.es (admin'),
    });
    const backup = join(dataDir, 'backup.tgz');
    expect(await runCommand('cli/db-backup', ['backup', backup])).toMatchObject({ code: 0 });
    const restored = await runCommand('cli/db-backup', ['restore', backup, '--force']);
    expect(restored).toMatchObject({ code: 0, output: expect.stringContaining('restored from') });
  }, 90_000);
});
