// The production Caddyfile (docs/decisions/039, 040) as Debian's caddy reads it: valid, and no
// request with a body is ever retried on another replica.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const home = mkdtempSync(join(tmpdir(), 'drinkflow-caddy-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** The Caddyfile adapted to Caddy's JSON, with the variables compose.yaml's .env provides. */
function adapted() {
  const json = execFileSync('caddy', ['adapt', '--config', 'Caddyfile', '--adapter', 'caddyfile'], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: home, DOMAIN: 'barra.example.com', ACME_EMAIL: 'ops@example.com' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return JSON.parse(json);
}

describe('Caddyfile', () => {
  const routes = adapted().apps.http.servers.srv0.routes[0].handle[0].routes;
  const proxies = routes.map((route) => ({
    match: route.match,
    proxy: route.handle.find((handler) => handler.handler === 'reverse_proxy'),
  }));

  it('sends requests with a body to one replica, once, and retries the rest for 5 s', () => {
    expect(proxies).toHaveLength(2);
    const [withBody, rest] = proxies;
    expect(withBody.match).toEqual([{ not: [{ method: ['GET', 'HEAD', 'OPTIONS'] }] }]);
    expect(withBody.proxy.load_balancing?.try_duration).toBeUndefined();
    expect(rest.match).toBeUndefined();
    expect(rest.proxy.load_balancing.try_duration).toBe(5_000_000_000);
  });

  it('checks both replicas actively on /api/health and passes Server-Sent Events through', () => {
    for (const { proxy } of proxies) {
      expect(proxy.upstreams).toEqual([{ dial: 'app1:3000' }, { dial: 'app2:3000' }]);
      expect(proxy.health_checks.active.uri).toBe('/api/health');
      expect(proxy.flush_interval).toBe(-1);
    }
  });
});
