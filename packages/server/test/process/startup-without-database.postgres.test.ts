import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { quoteIdent, withAdminClient, withDatabase } from '../support/postgres-admin';
import '../support/provided-context';
import { exitOf, killAll, spawnServer } from './server-process';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

// docs/rules/operations.md: a server process that starts while PostgreSQL is not reachable yet (starting up,
// failing over) waits for it and then serves, instead of exiting.

let databaseName: string;
let adminUrl: string;
let proxy: TcpProxy;
let server: ReturnType<typeof spawnServer> | undefined;

beforeAll(async () => {
  const { url, template, prefix } = inject('postgresTemplate')!;
  adminUrl = url;
  databaseName = `${prefix}startup_${Date.now()}`;
  await withAdminClient(url, (admin) =>
    admin.query(`CREATE DATABASE ${quoteIdent(databaseName)} TEMPLATE ${quoteIdent(template)}`),
  );
  const target = new URL(url);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
}, 60_000);

afterAll(async () => {
  if (server) {
    server.child.kill('SIGTERM');
    await exitOf(server.child);
  }
  killAll();
  await proxy?.close();
  if (databaseName) {
    await withAdminClient(adminUrl, (admin) =>
      admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(databaseName)} WITH (FORCE)`),
    );
  }
}, 60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a server process started while PostgreSQL refuses connections', () => {
  it('waits for the database, then serves', async () => {
    await proxy.refuse();
    server = spawnServer({ DATABASE_URL: proxy.urlFor(withDatabase(adminUrl, databaseName)) });

    const deadline = Date.now() + 20_000;
    while (!/nuevo intento/.test(server.output()) && Date.now() < deadline) {
      if (server.child.exitCode !== null) break;
      await sleep(50);
    }
    expect(server.output()).toContain('La base de datos no responde (ECONNREFUSED); nuevo intento en 1 s.');
    await sleep(500);
    expect(server.child.exitCode, server.output()).toBeNull();
    // No secret of the connection (user, password, host) in what it printed.
    expect(server.output()).not.toContain('postgres://');

    await proxy.accept();
    const { base } = await server.listening;
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
  }, 40_000);
});
