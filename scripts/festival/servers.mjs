// The festival's front of house: two built server processes (A and B) on one PostgreSQL, Caddy in
// front with the production rehearsal's pool, an HTTPS site for the protocol devices and a
// plain-HTTP site on localhost for the Chromium pages. A process can be SIGKILLed and started again
// on its port, as a new incarnation with its own log.
import { appendFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { freePort, sleep, startApp, startCaddy, waitHealthy } from '../rehearse/processes.mjs';

/**
 * What every festival server runs with, under the caller's `env`: no demo accounts or data, no
 * email sent (without SMTP_URL the product sends none and says so), one log line per request.
 */
const FESTIVAL_SERVER_ENV = { SEED_DEMO: 'false', SMTP_URL: '', LOG_LEVEL: 'info' };

/** GET `path` through Caddy's HTTPS site, trusting only its CA; resolves the status or 0. */
function httpsStatus({ port, ca, path }) {
  return new Promise((resolve) => {
    const request = httpsRequest({ host: 'localhost', port, path, ca, timeout: 2000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
    request.end();
  });
}

/** Waits until `probe()` resolves 200. */
async function until200(probe, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await probe()) === 200) return;
    await sleep(200);
  }
  throw new Error(`${what} did not answer /api/health with 200 within ${timeoutMs / 1000} s`);
}

/**
 * Starts A and B on free ports, waits for both, then Caddy, and waits until both of Caddy's sites
 * answer /api/health.
 * @param {{workDir: string, pidFile?: string, databaseUrl: string, env?: Record<string, string>}} options
 *   `pidFile` (default `<workDir>/pids`) gets every pid as it starts; `env` is laid over
 *   FESTIVAL_SERVER_ENV (e.g. SCANNER_RATE_LIMIT, APP_TIME_ZONE, DATABASE_POOL_SIZE).
 */
export async function startFront({ workDir, pidFile = join(workDir, 'pids'), databaseUrl, env = {} }) {
  appendFileSync(pidFile, '');
  const serverEnv = { ...FESTIVAL_SERVER_ENV, ...env };
  const [portA, portB, httpsPort, httpPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const ports = { A: portA, B: portB };
  /** The running incarnation of each process (its `exited` promise, pid, log path). */
  const apps = {};
  const launch = (name, incarnation) =>
    startApp({ name, port: ports[name], databaseUrl, workDir, pidFile, incarnation, env: serverEnv });

  apps.A = launch('A', 1);
  apps.B = launch('B', 1);
  await Promise.all([waitHealthy(apps.A), waitHealthy(apps.B)]);
  const caddy = await startCaddy({ workDir, pidFile, httpsPort, upstreams: [portA, portB], httpPort });
  await until200(() => httpsStatus({ port: httpsPort, ca: caddy.ca, path: '/api/health' }), 'Caddy (HTTPS)');
  await until200(async () => {
    try {
      const response = await fetch(`http://localhost:${httpPort}/api/health`, {
        signal: AbortSignal.timeout(2000),
      });
      return response.status;
    } catch {
      return 0;
    }
  }, 'Caddy (plain HTTP)');

  const known = (name) => {
    if (!(name in ports)) throw new Error(`no server process named ${name} (A or B)`);
    return apps[name];
  };

  /** Whether a started process has exited (its pid may belong to someone else then). */
  const hasExited = ({ child }) => child.exitCode !== null || child.signalCode !== null;

  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process has exited. */
  const end = async (process_, graceMs) => {
    if (hasExited(process_)) return;
    let exited = false;
    void process_.exited.then(() => (exited = true));
    try {
      process.kill(process_.pid, 'SIGTERM');
    } catch {
      return;
    }
    await Promise.race([process_.exited, sleep(graceMs)]);
    if (!exited) {
      try {
        process.kill(process_.pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
      await process_.exited;
    }
  };

  return {
    httpsPort,
    httpPort,
    /** Caddy's root certificate (PEM): HTTPS clients trust it and only it. */
    ca: caddy.ca,
    rootCert: caddy.rootCert,
    /** The current incarnation of each process: `{name, port, pid, incarnation, logPath, exited}`. */
    apps,
    /**
     * SIGKILLs a server process; resolves once it has exited.
     * @param {'A'|'B'} name
     * @returns {Promise<{at: number}>} the exit's time, epoch ms
     */
    async kill(name) {
      const app = known(name);
      if (!hasExited(app)) process.kill(app.pid, 'SIGKILL');
      const { at } = await app.exited;
      return { at };
    },
    /**
     * Starts a new incarnation of a process on its port (ending the old one if it still runs);
     * resolves once it answers /api/health.
     * @param {'A'|'B'} name
     * @returns {Promise<{at: number, incarnation: number}>} healthy since `at`, epoch ms
     */
    async restart(name) {
      const previous = known(name);
      await end(previous, 10_000);
      apps[name] = launch(name, previous.incarnation + 1);
      await waitHealthy(apps[name]);
      return { at: Date.now(), incarnation: apps[name].incarnation };
    },
    /** Ends both processes (SIGTERM: they drain) and Caddy; safe to call more than once. */
    async stop() {
      await Promise.all([end(apps.A, 12_000), end(apps.B, 12_000)]);
      await end(caddy, 5_000);
    },
  };
}
