import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../src/db/client';
import { type Account, createEvent, createTicketType, HOUR, signIn } from '../events/fixtures';
import { createOrder } from '../orders/fixtures';
import { quoteIdent, withAdminClient, withDatabase } from '../setup/postgres-admin';
import '../setup/provided-context';
import { createTestApp, type TestApp } from '../setup/test-app';
import { openStatsStream } from '../stats-stream/sse-client';
import { exitOf, killAll, post, startServer } from './server-process';

// DECISIONS §8 and docs/decisions/021: a statistics stream open on one server process receives the
// scans made through another, because the scan's transaction notifies through PostgreSQL.

type Started = Awaited<ReturnType<typeof startServer>>;

let databaseName: string;
let adminUrl: string;
let t: TestApp;
let owner: Account;
let servers: Started[] = [];

beforeAll(async () => {
  const { url, template, prefix } = inject('postgresTemplate')!;
  adminUrl = url;
  databaseName = `${prefix}stream_${Date.now()}`;
  await withAdminClient(url, (admin) =>
    admin.query(`CREATE DATABASE ${quoteIdent(databaseName)} TEMPLATE ${quoteIdent(template)}`),
  );
  const databaseUrl = withDatabase(url, databaseName);
  t = await createTestApp({ database: await openPostgres(databaseUrl, 2) });
  owner = await signIn(t.db, 'organizer', 'Dueña');
  servers = await Promise.all([
    startServer({ DATABASE_URL: databaseUrl }),
    startServer({ DATABASE_URL: databaseUrl }),
  ]);
}, 90_000);

afterAll(async () => {
  await Promise.all(
    servers.map(async (server) => {
      server.child.kill('SIGTERM');
      await exitOf(server.child);
    }),
  );
  killAll();
  await t?.close();
  await t?.database.close();
  if (databaseName) {
    await withAdminClient(adminUrl, (admin) =>
      admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(databaseName)} WITH (FORCE)`),
    );
  }
}, 90_000);

describe('the statistics stream on two server processes sharing PostgreSQL', () => {
  it('sends process B’s scans to a stream open on process A within 2 s', async () => {
    const [a, b] = servers as [Started, Started];
    const evento = await createEvent(t, owner, {
      fechaInicio: new Date(Date.now() - HOUR).toISOString(),
      fechaFin: new Date(Date.now() + 5 * HOUR).toISOString(),
    });
    const tipo = await createTicketType(t, owner, evento, { maxDrinks: 4 });
    const pedido = await createOrder(t, owner, { evento, tipo }, { quantity: 2 });

    const stream = await openStatsStream(a.base, evento.id, owner.token);
    try {
      expect(stream.response.status).toBe(200);
      await stream.waitFor((stats) => stats.totalConsumos === 0, 2_000);

      const first = await post(b.base, `/api/scanner/${evento.apiKey}/consume`, {
        qrCode: pedido.tickets[0]!.qrCode,
        barra: 'Barra B',
      });
      expect(first.status).toBe(200);
      const afterFirst = await stream.waitFor((stats) => stats.totalConsumos === 1, 2_000);
      expect(afterFirst.porBarra).toEqual([{ barra: 'Barra B', consumos: 1, rechazos: 0 }]);

      await post(b.base, `/api/scanner/${evento.apiKey}/consume`, { qrCode: pedido.tickets[1]!.qrCode });
      await stream.waitFor((stats) => stats.totalConsumos === 2, 2_000);
    } finally {
      stream.close();
    }
  }, 60_000);
});
