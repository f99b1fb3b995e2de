import net from 'node:net';
import type { PedidoCreated } from '@drinkflow/domain/orders';
import type { Evento } from '@drinkflow/domain/events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatsHub, postgresScanSource, type LiveUpdate } from '../../src/modules/stats-stream/hub';
import { type Account, signIn } from '../support/accounts';
import { createEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { HOUR } from '../support/time';
import { createOrder } from '../support/orders';
import { scannerClient } from '../support/scanner';
import { openStatsStream } from '../support/sse-client';

// Issue 18 parts 1 and 5, docs/decisions/021: the live statistics' LISTEN connection (one per
// process) survives its backend being terminated, and a database unreachable at the first stream
// leaves exactly one listener behind once it is reachable. Only this test's own database is touched.

let t: TestApp;
let base: string;
let owner: Account;
let databaseName: string;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** LISTEN connections on this test's database (their last statement is the LISTEN). */
async function listeners(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.db.execute(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`),
  );
  return row!.n;
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(50);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await signIn(t.db, 'organizer', 'Dueña');
  const [row] = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`));
  databaseName = row!.name;
});
afterAll(async () => {
  t?.app.server.closeAllConnections();
  await t?.close();
});

async function liveEvent(): Promise<{ evento: Evento; pedido: PedidoCreated }> {
  const evento = await createEvent(t, owner, {
    fechaInicio: new Date(Date.now() - HOUR).toISOString(),
    fechaFin: new Date(Date.now() + 5 * HOUR).toISOString(),
  });
  const tipo = await createTicketType(t, owner, evento, { maxDrinks: 10 });
  const pedido = await createOrder(t, owner, { evento, tipo }, { quantity: 1 });
  return { evento, pedido };
}

describe('the LISTEN connection of the live statistics (PostgreSQL)', () => {
  it('comes back after its backend is terminated: a scan still reaches an open stream', async () => {
    const { evento, pedido } = await liveEvent();
    const scanner = scannerClient(t, evento.apiKey);
    const stream = await openStatsStream(base, evento.id, owner.token);
    try {
      await stream.waitFor(() => true, 2_000);
      await until(async () => (await listeners()) === 1, 5_000, 'one listener');

      for (let round = 1; round <= 2; round++) {
        const [killed] = rowsOf<{ n: number }>(
          await t.db.execute(sql`
            select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`),
        );
        expect(killed!.n).toBe(1);
        // A new listener, and only one, within the first backoff steps.
        await until(async () => (await listeners()) === 1, 5_000, `a listener again (round ${round})`);

        const seen = stream.stats().length;
        const res = await scanner.consume({ qrCode: pedido.tickets[0]!.qrCode, barra: 'Terraza' });
        expect(res.json(), res.body).toMatchObject({ success: true });
        await stream.waitFor((stats) => stats.totalConsumos === round, 3_000, seen);
      }
      expect(await listeners()).toBe(1);
    } finally {
      stream.close();
    }
  });

  it('comes back after the database restarts (connection cut, refused a while), and delivers again', async () => {
    const before = await listeners();
    const proxy = await forwarderToDatabase();
    const pool = new pg.Pool({ connectionString: proxy.url, connectionTimeoutMillis: 2_000 });
    pool.on('error', () => undefined);
    const computed: number[] = [];
    const hub = createStatsHub({
      source: postgresScanSource(pool, t.app.log),
      compute: async (_user, eventoId) => {
        computed.push(eventoId);
        return {} as LiveUpdate;
      },
      log: t.app.log,
      coalesceMs: 50,
    });
    try {
      await hub.subscribe(7, { user: owner.user, send: () => undefined, end: () => undefined });
      await until(async () => (await listeners()) === before + 1, 5_000, 'the hub listening');

      proxy.cutAndRefuse();
      await until(async () => (await listeners()) === before, 5_000, 'the listener gone');
      await sleep(1_500);
      proxy.accept();
      await until(async () => (await listeners()) === before + 1, 10_000, 'the hub listening again');
      // After a reconnect every open stream is refreshed (notifications meanwhile were lost)…
      await until(async () => computed.length > 0, 2_000, 'a refresh after the reconnect');
      const seen = computed.length;
      // …and the next scan's notification arrives.
      await t.db.execute(sql`select pg_notify('drinkflow_scans', '7')`);
      await until(async () => computed.length > seen, 2_000, 'the notification delivered');
      expect(await listeners()).toBe(before + 1);
    } finally {
      await hub.close();
      await pool.end();
      proxy.close();
    }
  });

  it('leaves exactly one listener when the database was unreachable at the first streams', async () => {
    // A database that cannot be reached: at first every connection is dropped at once (as while
    // PostgreSQL restarts or a failover is under way), later it forwards to PostgreSQL again.
    let reachable = false;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${databaseName}`;
    const target = { host: url.hostname, port: Number(url.port || 5432) };
    const forwarder = net.createServer((client) => {
      if (!reachable) {
        client.destroy();
        return;
      }
      const upstream = net.connect(target.port, target.host);
      client.pipe(upstream).pipe(client);
      const end = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    await new Promise<void>((resolve) => forwarder.listen(0, '127.0.0.1', resolve));
    url.hostname = '127.0.0.1';
    url.port = String((forwarder.address() as net.AddressInfo).port);
    const pool = new pg.Pool({ connectionString: url.toString(), connectionTimeoutMillis: 2_000 });
    pool.on('error', () => undefined);
    const hub = createStatsHub({
      source: postgresScanSource(pool, t.app.log),
      compute: async () => {
        throw new Error('not used');
      },
      log: t.app.log,
    });
    const subscriber = { user: owner.user, send: () => undefined, end: () => undefined };
    // This file's app may already listen (its own streams): count only the hub's connections.
    const before = await listeners();
    try {
      // Two streams open while the database cannot be reached; each may fail or wait, never leak.
      await Promise.allSettled([hub.subscribe(1, subscriber), hub.subscribe(2, subscriber)]);
      for (const eventoId of [3, 4, 5]) {
        await sleep(400);
        await Promise.allSettled([hub.subscribe(eventoId, subscriber)]);
      }

      reachable = true;
      // A page reconnecting opens another stream now that the database answers.
      await hub.subscribe(6, subscriber);
      // A retry loop may have just begun its longest wait (10 s) when the database came back, and
      // a connection attempt takes up to its 2 s timeout: 25 s leaves a loaded CI machine room.
      await until(async () => (await listeners()) > before, 25_000, 'a listener once reachable');
      // Every retry loop there was has had time to connect by now (backoff at most 10 s).
      await sleep(11_000);
      expect((await listeners()) - before).toBe(1);
    } finally {
      await hub.close();
      await pool.end();
      forwarder.close();
    }
    await until(async () => (await listeners()) === before, 5_000, 'no listener of the hub after close');
  }, 60_000);
});

/** A TCP forwarder to this test's database that can drop every connection and refuse new ones. */
async function forwarderToDatabase() {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${databaseName}`;
  const target = { host: url.hostname, port: Number(url.port || 5432) };
  let reachable = true;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!reachable) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    open.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    cutAndRefuse() {
      reachable = false;
      for (const socket of open) socket.destroy();
    },
    accept() {
      reachable = true;
    },
    close() {
      for (const socket of open) socket.destroy();
      server.close();
    },
  };
}
