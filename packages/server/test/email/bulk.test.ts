import { randomBytes } from 'node:crypto';
import type { EnvioProgress } from '@drinkflow/domain/email';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { pedidos, tickets } from '../../src/db/schema';
import { call } from '../support/api';
import { openTestDatabase } from '../support/database';
import type { TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/unique-values';
import { ownedEvent, type OwnedEvent } from '../support/orders';
import {
  emailOptions,
  emailTestApp,
  eventually,
  PUBLIC_URL,
  startMailSink,
  type MailSink,
} from './mail-sink';

let database: Database;
let sink: MailSink;
let t: TestApp;
/** A second server process on the same database: both workers take from one queue. */
let other: TestApp;
let owned: OwnedEvent;

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startMailSink();
  t = await emailTestApp(database, emailOptions(sink, { concurrency: 4 }));
  other = await emailTestApp(database, emailOptions(sink, { concurrency: 4 }));
  owned = await ownedEvent(t);
});

afterAll(async () => {
  await t?.close();
  await other?.close();
  await sink?.close();
  await database?.close();
});

/** `n` orders of one ticket each, written straight to the database (their API is the orders suite's). */
async function insertOrders(n: number) {
  const rows = await t.db
    .insert(pedidos)
    .values(
      Array.from({ length: n }, (_, i) => ({
        eventoId: owned.evento.id,
        nombreCompleto: `Invitado ${i + 1}`,
        email: uniqueEmail('masivo'),
      })),
    )
    .returning();
  await t.db.insert(tickets).values(
    rows.map((row) => ({
      pedidoId: row.id,
      eventoId: row.eventoId,
      ticketTypeId: owned.tipo.id,
      qrCode: randomBytes(24).toString('base64url'),
    })),
  );
  return rows;
}

const progress = async (): Promise<EnvioProgress> => {
  const res = await call(t, owned.owner, 'GET', `/api/eventos/${owned.evento.id}/envios`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EnvioProgress>();
};

describe('POST /api/eventos/{id}/enviar-tickets', () => {
  it('emails all 200 orders of an event exactly once across two server processes, with progress', async () => {
    const orders = await insertOrders(200);
    // One order without tickets: nothing to send, it stays 'sin enviar'.
    await t.db
      .insert(pedidos)
      .values({ eventoId: owned.evento.id, nombreCompleto: 'Sin tickets', email: uniqueEmail() });
    expect(await progress()).toEqual({
      total: 201,
      enviados: 0,
      enCola: 0,
      fallidos: 0,
      sinEnviar: 201,
      configurado: true,
      enlaces: { base: PUBLIC_URL, local: false },
    });

    const res = await call(t, owned.owner, 'POST', `/api/eventos/${owned.evento.id}/enviar-tickets`, {});
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ enCola: 200 });

    const seen: EnvioProgress[] = [];
    await eventually(
      async () => {
        const now = await progress();
        seen.push(now);
        expect(now.total).toBe(201);
        expect(now.enviados + now.enCola + now.fallidos + now.sinEnviar).toBe(201);
        return now.enviados === 200;
      },
      'every email',
      // A progress bar asks now and then; asking non-stop would only slow the embedded database.
      { timeoutMs: 40_000, everyMs: 250 },
    );
    expect(seen.some((step) => step.enCola > 0 && step.enviados < 200)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ enviados: 200, enCola: 0, fallidos: 0, sinEnviar: 1 });

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.received).toHaveLength(200);
    for (const order of orders) expect(sink.to(order.email)).toHaveLength(1);

    // soloPendientes (the default): nothing left to send.
    const again = await call(t, owned.owner, 'POST', `/api/eventos/${owned.evento.id}/enviar-tickets`);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toEqual({ enCola: 0 });
  }, 60_000);

  it('sends only what is pending by default, and everything again with soloPendientes: false', async () => {
    const before = sink.received.length;
    const fresh = await insertOrders(3);
    const res = await call(t, owned.owner, 'POST', `/api/eventos/${owned.evento.id}/enviar-tickets`, {
      soloPendientes: true,
    });
    expect(res.json()).toEqual({ enCola: 3 });
    await eventually(() => sink.received.length === before + 3, 'three emails');
    for (const order of fresh) expect(sink.to(order.email)).toHaveLength(1);

    const all = await call(t, owned.owner, 'POST', `/api/eventos/${owned.evento.id}/enviar-tickets`, {
      soloPendientes: false,
    });
    expect(all.statusCode, all.body).toBe(202);
    expect(all.json()).toEqual({ enCola: 203 });
    await eventually(async () => (await progress()).enviados === 203, 'the second round', {
      timeoutMs: 40_000,
      everyMs: 250,
    });
    for (const order of fresh) expect(sink.to(order.email)).toHaveLength(2);
  }, 60_000);
});
