import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, defaultOutdir } from '../build-server.mjs';

// The bundle goes inside packages/server/dist (ignored by git), where it finds the package root
// (migrations) and node_modules as the real build does.
let outdir;
let dataDir;
let child;
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (outdir) await rm(outdir, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

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

describe('production build of the server (docs/decisions/038)', () => {
  it('is one JavaScript bundle with no TypeScript import that plain node starts', async () => {
    await mkdir(defaultOutdir, { recursive: true });
    outdir = await mkdtemp(join(defaultOutdir, '.test-'));
    const outfile = await buildServer({ outdir });

    const bundle = await readFile(outfile, 'utf8');
    const imports = [...bundle.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((path) => path.endsWith('.ts') || path.startsWith('.'))).toEqual([]);
    expect(imports.filter((path) => path.startsWith('@drinkflow/') || /^tsx(\/|$)/.test(path))).toEqual([]);

    dataDir = await mkdtemp(join(tmpdir(), 'build-server-'));
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
  }, 60_000);
});
