import { deviceErrors } from '@drinkflow/domain/devices';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client';
import { type Account, signIn } from '../support/accounts';
import { createEvent } from '../support/events';
import { createOrder } from '../support/orders';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { HOUR } from '../support/time';
import { pairDevice } from '../scanner/device-fixtures';
import { copyOfTemplate, stopServers, type CopiedDatabase } from './shared-database';
import { startServer } from './server-process';

// docs/decisions/062: revocation holds across server processes without caches, and nothing is
// recorded for a device after its revocation commits. Two real server processes share PostgreSQL;
// the revocation follows the lock protocol (the row `for update`, then `revocado_en`), once through
// process A's API and once by hand, holding the row lock while a burst of consumes is in flight.

type Started = Awaited<ReturnType<typeof startServer>>;

let database: CopiedDatabase;
let t: TestApp;
let owner: Account;
let servers: Started[] = [];

beforeAll(async () => {
  database = await copyOfTemplate('devices');
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
}, 60_000);

/** An open-bar event happening now with `quantity` tickets and a paired device of the owner's. */
async function pairedEvent(quantity: number) {
  const evento = await createEvent(t, owner, {
    fechaInicio: new Date(Date.now() - HOUR).toISOString(),
    fechaFin: new Date(Date.now() + 5 * HOUR).toISOString(),
  });
  const tipo = await createTicketType(t, owner, evento, {
    modo: 'temporal',
    maxDrinks: null,
    durationMinutes: 360,
  });
  const pedido = await createOrder(t, owner, { evento, tipo }, { quantity });
  const device = await pairDevice(t.db, evento.id, { usuarioId: owner.user.id });
  return { evento, tickets: pedido.tickets, device };
}

interface Answer {
  status: number;
  error?: string;
  success?: boolean;
}

async function consume(base: string, apiKey: string, token: string, qrCode: string): Promise<Answer> {
  const response = await fetch(`${base}/api/scanner/${apiKey}/consume`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-device-token': token },
    body: JSON.stringify({ qrCode }),
  });
  const body = (await response.json()) as { error?: string; success?: boolean };
  return { status: response.status, error: body.error, success: body.success };
}

describe('revoking a device with two server processes', () => {
  it('revoked through process A, its next call through process B is refused', async () => {
    const { evento, tickets, device } = await pairedEvent(1);
    const [a, b] = servers as [Started, Started];
    // Both processes have served the device, and know its ticket (a one-statement scan next).
    expect((await consume(a.base, evento.apiKey, device.token, tickets[0]!.qrCode)).success).toBe(true);
    expect((await consume(b.base, evento.apiKey, device.token, tickets[0]!.qrCode)).success).toBe(true);

    const revoked = await fetch(`${a.base}/api/eventos/${evento.id}/dispositivos/${device.id}/revocar`, {
      method: 'POST',
      headers: owner.headers,
    });
    expect(revoked.status, await revoked.text()).toBe(200);

    const next = await consume(b.base, evento.apiKey, device.token, tickets[0]!.qrCode);
    expect(next).toMatchObject({ status: 401, error: deviceErrors.revoked });
    const event = await fetch(`${b.base}/api/scanner/${evento.apiKey}/event`, {
      headers: { 'x-device-token': device.token },
    });
    expect(event.status).toBe(401);
  }, 60_000);

  it('under a burst across both processes, no drink commits after the revocation', async () => {
    const { evento, tickets, device } = await pairedEvent(8);
    const send = (i: number) =>
      consume(servers[i % 2]!.base, evento.apiKey, device.token, tickets[i % tickets.length]!.qrCode);
    // Every ticket known to both processes: the burst mixes one-statement scans and first reads.
    const warm = await Promise.all(tickets.flatMap((_, i) => [send(2 * i), send(2 * i + 1)]));
    expect(warm.every((answer) => answer.success === true)).toBe(true);

    const revoker = new pg.Client({ connectionString: database.databaseUrl });
    await revoker.connect();
    try {
      // 20 consumes in flight, then the revocation takes the row, while 20 more arrive.
      const before = Array.from({ length: 20 }, (_, i) => send(i));
      await new Promise((resolve) => setTimeout(resolve, 15));
      await revoker.query('begin');
      await revoker.query('select id from dispositivos where id = $1 for update', [device.id]);
      await revoker.query('update dispositivos set revocado_en = now() where id = $1', [device.id]);
      // What had committed when the revocation was made: a drink outside this snapshot committed later.
      const taken = await revoker.query<{ snapshot: string }>(
        'select pg_current_snapshot()::text as snapshot',
      );
      const { snapshot } = taken.rows[0]!;
      const during = Array.from({ length: 20 }, (_, i) => send(20 + i));
      // The row lock is held a while: a statement that did not wait for it would commit meanwhile.
      await revoker.query('select pg_sleep(0.3)');
      await revoker.query('commit');
      const after = await Promise.all(Array.from({ length: 10 }, (_, i) => send(40 + i)));
      const answers = [...(await Promise.all(before)), ...(await Promise.all(during)), ...after];

      // Every answer is a drink or the 401 of a revoked device; the burst really raced the revocation.
      for (const answer of answers) {
        if (answer.status === 200) expect(answer.success).toBe(true);
        else expect(answer).toMatchObject({ status: 401, error: deviceErrors.revoked });
      }
      const allowed = answers.filter((answer) => answer.status === 200);
      expect(allowed.length).toBeLessThan(answers.length);
      // Asked after the revocation had committed: refused, every one.
      expect(after.every((answer) => answer.status === 401)).toBe(true);
      const { rows } = await revoker.query<{
        drinks: number;
        late: number;
        logged: number;
        late_log: number;
      }>(
        `select (select count(*) from consumos where dispositivo_id = $1)::int as drinks,
                (select count(*) from consumos where dispositivo_id = $1
                    and not pg_visible_in_snapshot(xmin::text::xid8, $2::pg_snapshot))::int as late,
                (select count(*) from scan_log where dispositivo_id = $1)::int as logged,
                (select count(*) from scan_log where dispositivo_id = $1
                    and not pg_visible_in_snapshot(xmin::text::xid8, $2::pg_snapshot))::int as late_log`,
        [device.id, snapshot],
      );
      // One drink and one log row per 200, each committed before the revocation took the row.
      expect(rows[0]).toEqual({
        drinks: warm.length + allowed.length,
        late: 0,
        logged: warm.length + allowed.length,
        late_log: 0,
      });
    } finally {
      await revoker.end();
    }
  }, 60_000);
});
