import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const serverEntry = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
const running = new Set<ChildProcess>();

interface Started {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/** Starts `server.ts` as `npm start` does (port chosen by the OS) and waits until it listens. */
export function startServer(env: Record<string, string>): Promise<Started> {
  return spawnServer(env).listening;
}

/** Starts `server.ts` and returns at once: `listening` resolves when it listens, rejects if it exits first. */
export function spawnServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  listening: Promise<Started>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const listening = new Promise<Started>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DrinkFlow en (http:\/\/localhost:\d+) /.exec(output);
      if (match) resolve({ child, base: match[1]!.replace('localhost', '127.0.0.1'), output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      running.delete(child);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
  // A test that awaits something else first still sees the rejection when it awaits `listening`.
  listening.catch(() => undefined);
  return { child, output: () => output, listening };
}

const createUserEntry = fileURLToPath(new URL('../../src/cli/create-user.ts', import.meta.url));

/** Runs `npm run user:create -- <args>` with `input` on its standard input; resolves on exit. */
export function runCli(
  args: string[],
  input: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', createUserEntry, ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin!.end(input);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export async function post(base: string, path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export const credentials = { email: `persistente-${Date.now()}@example.com`, password: 'secreto123' };

/** Kills whatever a failed test left running. */
export function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
}
