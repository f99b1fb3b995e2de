// The festival rehearsal's infrastructure: a bar's proxy loses its network the way Wi-Fi does
// (in-flight requests fail, new ones hang rather than being refused), the private PostgreSQL cluster
// can have its connections killed and be restarted, and Caddy's optional plain-HTTP site serves the
// same routes as the HTTPS one.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBarProxy } from '../festival/bar-proxy.mjs';
import { startCluster } from '../festival/cluster.mjs';
import { caddyfile } from '../rehearse/processes.mjs';

/** GET through the proxy; resolves `{status, body}` or `{error}` (the error's code, or 'timeout'). */
function get(port, path, timeoutMs = 3000) {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body }));
      res.on('error', (error) => resolve({ error: error.code ?? error.message }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
    req.on('error', (error) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

describe('bar proxy', () => {
  /** The front door: `/slow` answers after 3 s and tells the test when it has the request. */
  let front;
  let received = [];
  let slowArrived;
  let proxy;

  beforeAll(async () => {
    front = createServer((req, res) => {
      received.push(req.url);
      if (req.url === '/slow') {
        slowArrived?.();
        setTimeout(() => res.end('late'), 3000).unref();
        return;
      }
      res.end(`ok ${req.url}`);
    });
    await new Promise((resolve) => front.listen(0, '127.0.0.1', resolve));
    proxy = await startBarProxy({
      name: 'Barra 1',
      targetHost: '127.0.0.1',
      targetPort: front.address().port,
    });
  });
  afterAll(async () => {
    await proxy?.close();
    front?.closeAllConnections();
    await new Promise((resolve) => front?.close(resolve));
  });

  it('forwards requests and answers to the front door, counting the bytes', async () => {
    expect(await get(proxy.port, '/a')).toEqual({ status: 200, body: 'ok /a' });
    expect(received).toContain('/a');
    expect(proxy.stats.forwarded).toBeGreaterThanOrEqual(1);
    expect(proxy.stats.bytesUp).toBeGreaterThan(0);
    expect(proxy.stats.bytesDown).toBeGreaterThan(0);
    expect(proxy.isCut()).toBe(false);
  });

  it('cut(): a request in flight fails at once, a new one hangs until its own timeout', async () => {
    const arrived = new Promise((resolve) => (slowArrived = resolve));
    const inFlight = get(proxy.port, '/slow', 10_000);
    await arrived;
    const cutAt = Date.now();
    proxy.cut();
    const failed = await inFlight;
    expect(failed.error).toBeDefined();
    expect(failed.error).not.toBe('timeout');
    expect(Date.now() - cutAt).toBeLessThan(2000);

    received = [];
    const startedAt = Date.now();
    const hung = await get(proxy.port, '/while-cut', 700);
    // Not refused, not reset: the connection was accepted and nothing ever came back.
    expect(hung).toEqual({ error: 'timeout' });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(650);
    expect(received).toEqual([]);
    expect(proxy.stats.hung).toBeGreaterThanOrEqual(1);
    expect(proxy.isCut()).toBe(true);
  });

  it('restore(): hanging connections are ended and new requests forwarded again', async () => {
    const hanging = connect({ host: '127.0.0.1', port: proxy.port });
    await new Promise((resolve) => hanging.once('connect', resolve));
    hanging.write('GET /never HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const ended = new Promise((resolve) => hanging.once('close', () => resolve(true)));
    hanging.on('error', () => {});
    await new Promise((resolve) => setTimeout(resolve, 100));

    proxy.restore();
    expect(
      await Promise.race([ended, new Promise((resolve) => setTimeout(() => resolve(false), 2000))]),
    ).toBe(true);
    expect(await get(proxy.port, '/b')).toEqual({ status: 200, body: 'ok /b' });
    expect(received).toEqual(['/b']);
    expect(proxy.isCut()).toBe(false);
  });
});

/** Whether a process runs (an exited one left unreaped by the machine's init counts as gone). */
function isAlive(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0] !== 'Z';
  } catch {
    return false;
  }
}

describe('private PostgreSQL cluster', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'drinkflow-festival-cluster-'));
  const pidFile = join(workDir, 'pids');
  let cluster;

  afterAll(async () => {
    await cluster?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it(
    'starts, creates a database, kills its connections, restarts and stops',
    { timeout: 60_000 },
    async () => {
      writeFileSync(pidFile, '');
      cluster = await startCluster({ workDir, pidFile });
      expect(cluster.adminUrl).toBe(`postgres://postgres@127.0.0.1:${cluster.port}/postgres`);
      const url = await cluster.createDatabase('festival_infra');
      expect(url).toBe(cluster.url('festival_infra'));

      const victim = new pg.Client({ connectionString: url });
      const victimErrors = [];
      victim.on('error', (error) => victimErrors.push(error.code ?? error.message));
      await victim.connect();
      expect((await victim.query('show fsync')).rows).toEqual([{ fsync: 'on' }]);
      await victim.query('create table drinks (id int primary key)');
      await victim.query('insert into drinks values (1)');

      expect(await cluster.terminateConnections('festival_infra')).toBe(1);
      await expect(victim.query('select 1')).rejects.toThrow();
      expect(victimErrors).toContain('57P01'); // admin_shutdown: the client saw its connection killed
      await victim.end().catch(() => {});

      const { downAt, upAt } = await cluster.restart({ downMs: 300 });
      expect(upAt - downAt).toBeGreaterThanOrEqual(300);
      const after = new pg.Client({ connectionString: url });
      await after.connect();
      expect((await after.query('select id from drinks')).rows).toEqual([{ id: 1 }]);
      await after.end();

      const postmasterPids = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
      expect(postmasterPids).toHaveLength(2); // the first start and the restart
      await cluster.stop();
      for (const pid of postmasterPids) expect(isAlive(pid)).toBe(false);
      await expect(new pg.Client({ connectionString: url }).connect()).rejects.toThrow();
      await cluster.stop(); // again: a no-op, as the cleanup may call it after the driver did
    },
  );
});

describe('Caddy plain-HTTP site (caddyfile httpPort)', () => {
  const home = mkdtempSync(join(tmpdir(), 'drinkflow-festival-caddy-'));
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  /** The generated Caddyfile as Caddy adapts it: its HTTP servers by listen address. */
  const serversOf = (options) => {
    writeFileSync(join(home, 'Caddyfile'), caddyfile(options));
    const adapted = execFileSync('caddy', ['adapt', '--config', 'Caddyfile', '--adapter', 'caddyfile'], {
      cwd: home,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return Object.fromEntries(
      Object.values(JSON.parse(adapted).apps.http.servers).map((server) => [server.listen.join(','), server]),
    );
  };

  it('serves the HTTPS site only, unless asked for the plain one', () => {
    expect(Object.keys(serversOf({ httpsPort: 9443, upstreams: [3001, 3002] }))).toEqual([':9443']);
  });

  it('serves the same routes on http://localhost:<httpPort>, bound to 127.0.0.1', () => {
    const servers = serversOf({ httpsPort: 9443, upstreams: [3001, 3002], httpPort: 9080 });
    expect(Object.keys(servers).sort()).toEqual(['127.0.0.1:9080', ':9443']);
    const routesOf = (server) => {
      const [site] = server.routes;
      expect(site.match).toEqual([{ host: ['localhost'] }]);
      return site.handle[0].routes;
    };
    const plain = routesOf(servers['127.0.0.1:9080']);
    expect(plain).toEqual(routesOf(servers[':9443']));
    expect(plain.map((route) => route.match)).toEqual([
      [{ not: [{ method: ['GET', 'HEAD', 'OPTIONS'] }] }],
      undefined,
    ]);
  });
});
