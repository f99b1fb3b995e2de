// The processes of the production rehearsal (scripts/rehearse-production.sh): the built server,
// twice, and Caddy in front with `tls internal`. Every pid goes into a file as it starts, so the
// shell script's trap ends them even if this driver dies; the driver ends them itself too.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port nobody listens on right now (the kernel's choice). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const started = new Set();

/** Starts a process with its output in `logPath`; `exited` resolves with its exit code and time. */
function startProcess(command, args, { env, logPath, pidFile }) {
  const out = openSync(logPath, 'a');
  const child = spawn(command, args, { env, stdio: ['ignore', out, out] });
  if (!child.pid) throw new Error(`${command} did not start`);
  appendFileSync(pidFile, `${child.pid}\n`);
  started.add(child);
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      started.delete(child);
      resolve({ code, signal, at: Date.now() });
    });
  });
  return { child, pid: child.pid, exited, logPath };
}

/** SIGKILLs every process this driver started that is still running. */
export function killAll() {
  for (const child of started) {
    try {
      process.kill(child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * One DrinkFlow process: `node packages/server/dist/server.js` on PostgreSQL, JSON logs at info.
 * `env` (optional) is laid over the rehearsal's settings, e.g. SEED_DEMO or LOG_LEVEL for another run.
 */
export function startApp({ name, port, databaseUrl, workDir, pidFile, incarnation = 1, env = {} }) {
  const logPath = join(workDir, `${name}-${incarnation}.log`);
  const app = startProcess('node', ['packages/server/dist/server.js'], {
    logPath,
    pidFile,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      TRUST_PROXY: 'true',
      SCANNER_RATE_LIMIT: '0',
      // debug: the 'incoming request' lines the drain check pairs with 'request completed'.
      LOG_LEVEL: 'debug',
      ...env,
    },
  });
  return { ...app, name, port, incarnation };
}

/** Waits until the process answers GET /api/health with 200 on its own port. */
export async function waitHealthy(app, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void app.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`${app.name} exited while starting; see ${app.logPath}`);
    try {
      const response = await fetch(`http://127.0.0.1:${app.port}/api/health`, {
        signal: AbortSignal.timeout(2000),
      });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${app.name} was not healthy within ${timeoutMs / 1000} s; see ${app.logPath}`);
}

/**
 * The Caddyfile of the rehearsal: the production one's reverse_proxy with local upstreams,
 * `tls internal` instead of a public certificate, and shorter intervals so a 1-minute run sees a
 * process leave and rejoin the pool (docs/decisions/040-production-rehearsal.md).
 * With `httpPort`, the same routes are served on plain `http://localhost:<httpPort>` too: a browser
 * counts localhost as a secure context (service worker, offline mode) without trusting Caddy's CA.
 */
export function caddyfile({ httpsPort, upstreams, bufferRequests = false, httpPort }) {
  const routes = `	# Requests with a body go to one process, once. Caddy 2.6 cannot send a body again: its retry
	# of a POST whose process refused the connection reaches the other process without it ("invalid
	# Read on closed Body"), which counts as that process's failure and can empty the pool; with
	# buffer_requests it may send another request's body. The scanner retries a 502 with the same
	# scanId instead, and the server answers a repeated scanId with its first answer.
	@body not method GET HEAD OPTIONS
	reverse_proxy @body {
		import pool
${bufferRequests ? '\t\t# REHEARSE_CADDY_BUFFER=1: Caddy 2.6 retrying with buffered bodies (may mix them up).\n\t\tbuffer_requests\n\t\tlb_try_duration 5s\n\t\tlb_try_interval 100ms\n' : ''}	}

	# Everything else: a request that could not reach a process goes to the other one for up to 5 s.
	reverse_proxy {
		import pool
		lb_try_duration 5s
		lb_try_interval 100ms
	}
`;
  const plainHttpSite =
    httpPort === undefined
      ? ''
      : `
# The same pool over plain HTTP, for browsers: localhost is a secure context without a certificate.
http://localhost:${httpPort} {
	bind 127.0.0.1

${routes}}
`;
  return `# Generated by scripts/rehearse/processes.mjs for one rehearsal run.
{
	admin off
	auto_https disable_redirects
	skip_install_trust
}

(pool) {
	to ${upstreams.map((port) => `127.0.0.1:${port}`).join(' ')}
	lb_policy round_robin
	# Active: every second, /api/health must answer 200.
	health_uri /api/health
	health_interval 1s
	health_timeout 2s
	health_status 200
	# Passive: a process that dropped or refused a connection gets no request for 2 s (the active
	# check takes up to a second to notice a killed one).
	fail_duration 2s
	flush_interval -1
}

https://localhost:${httpsPort} {
	tls internal

${routes}}
${plainHttpSite}`;
}

/** Caddy as a plain process; its CA and certificates under `workDir` (HOME and XDG dirs). */
export async function startCaddy({ workDir, pidFile, httpsPort, upstreams, httpPort }) {
  const config = join(workDir, 'Caddyfile');
  writeFileSync(
    config,
    caddyfile({ httpsPort, upstreams, bufferRequests: process.env.REHEARSE_CADDY_BUFFER === '1', httpPort }),
  );
  const home = join(workDir, 'caddy-home');
  const caddy = startProcess('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
    logPath: join(workDir, 'caddy.log'),
    pidFile,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_CONFIG_HOME: join(home, 'config'),
    },
  });
  const rootCert = join(home, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + 20_000;
  // Caddy creates its CA at start; the file is read once it is complete.
  while (!existsSync(rootCert) || !readFileSync(rootCert, 'utf8').includes('-----END CERTIFICATE-----')) {
    if (Date.now() > deadline) throw new Error(`Caddy made no CA at ${rootCert}; see ${caddy.logPath}`);
    await sleep(100);
  }
  return { ...caddy, name: 'caddy', ca: readFileSync(rootCert), rootCert };
}
