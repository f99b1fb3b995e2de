// The production Caddyfile (docs/decisions/039, 040, 053) as Debian's caddy reads it: valid with or
// without ACME_EMAIL, and no request with a body is ever retried on another replica.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const home = mkdtempSync(join(tmpdir(), 'drinkflow-caddy-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** compose.yaml's environment for Caddy: DOMAIN, and ACME_EMAIL as .env sets it (or not). */
const caddyEnv = (acmeEmail) => ({
  PATH: process.env.PATH,
  HOME: home,
  DOMAIN: 'barra.example.com',
  ...(acmeEmail === undefined ? {} : { ACME_EMAIL: acmeEmail }),
});

/** `caddy <command> --config Caddyfile`; throws with Caddy's own message when it refuses the file. */
function caddy(command, acmeEmail) {
  try {
    return execFileSync('caddy', [command, '--config', 'Caddyfile', '--adapter', 'caddyfile'], {
      encoding: 'utf8',
      env: caddyEnv(acmeEmail),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    throw new Error(`caddy ${command} refused the Caddyfile: ${error.stderr}`);
  }
}

/** The Caddyfile adapted to Caddy's JSON, with the variables compose.yaml's .env provides. */
const adapted = (acmeEmail) => JSON.parse(caddy('adapt', acmeEmail));

/** The certificate issuers Caddy would use for DOMAIN. */
const issuersOf = (config) => config.apps.tls.automation.policies[0].issuers;

describe('Caddyfile and ACME_EMAIL (optional in .env.example)', () => {
  it('is valid with ACME_EMAIL set, empty (compose passes it empty when .env has none) and unset', () => {
    for (const acmeEmail of ['ops@example.com', '', undefined]) {
      expect(caddy('validate', acmeEmail)).toMatch(/Valid configuration/);
    }
  });

  it('registers the address with the certificate authorities when set, and none when empty', () => {
    expect(issuersOf(adapted('ops@example.com'))).toContainEqual({
      module: 'acme',
      email: 'ops@example.com',
    });
    for (const acmeEmail of ['', undefined]) {
      const issuers = issuersOf(adapted(acmeEmail));
      expect(issuers.length).toBeGreaterThan(0);
      for (const issuer of issuers) expect(issuer.email ?? '').toBe('');
    }
  });
});

describe('Caddyfile', () => {
  const routes = adapted('ops@example.com').apps.http.servers.srv0.routes[0].handle[0].routes;
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
