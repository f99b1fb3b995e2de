import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client';
import { type Account, signIn } from '../support/accounts';
import { createEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { HOUR } from '../support/time';
import { createOrder } from '../support/orders';
import { openStatsStream } from '../support/sse-client';
import { post, startServer } from './server-process';
import { copyOfTemplate, type CopiedDatabase, stopServers } from './shared-database';

// docs/rules/statistics.md and docs/decisions/021: a statistics stream open on one server process receives the
// scans made through another, because the scan's transaction notifies through PostgreSQL.

type Started = Awaited<ReturnType<typeof startServer>>;

let database: CopiedDatabase | undefined;
let t: TestApp;
let owner: Account;
let servers: Started[] = [];

beforeAll(async () => {
  database = await copyOfTemplate('stream');
  t = await createTestApp({ database: await openPostgres(database.databaseUrl, 2) });
  owner = await signIn(t.db, 'organizer', 'Dueña');
  servers = await Promise.all([
    startServer({ DATABASE_URL: database.databaseUrl }),
    startServer({ DATABASE_URL: database.databaseUrl }),
  ]);
}, 90_000);

afterAll(async () => {
  await stopServers(servers);
  await t?.close();
  await t?.database.close();
  await database?.drop();
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
      expect(afterFirst.porBarra).toEqual([{ barra: 'Barra B', consumos: 1, rechazos: 0, deshechos: 0 }]);

      await post(b.base, `/api/scanner/${evento.apiKey}/consume`, { qrCode: pedido.tickets[1]!.qrCode });
      await stream.waitFor((stats) => stats.totalConsumos === 2, 2_000);
    } finally {
      stream.close();
    }
  }, 60_000);
});
