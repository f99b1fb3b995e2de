import type { Pedido } from '@drinkflow/domain/orders';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { enviosEmail } from '../../src/db/schema';
import { call } from '../support/api';
import { openTestDatabase } from '../support/database';
import type { TestApp } from '../support/test-app';
import { createOrder, ownedEvent, type OwnedEvent } from '../support/orders';
import { emailOptions, emailTestApp, eventually, parse, startMailSink, type MailSink } from './mail-sink';

// docs/decisions/053: one Message-ID per queued email, reused by every attempt; a send in flight
// keeps its lease, so a slow mail server never lets a second process send a second copy meanwhile.

const LEASE_MS = 300;

let database: Database;
let sink: MailSink;
/** Two server processes on one database, both workers taking from the same queue. */
let t: TestApp;
let other: TestApp;
let owned: OwnedEvent;

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startMailSink();
  const options = emailOptions(sink, { leaseMs: LEASE_MS, pollMs: 50 });
  t = await emailTestApp(database, options);
  other = await emailTestApp(database, options);
  owned = await ownedEvent(t);
});

afterAll(async () => {
  sink?.release();
  await t?.close();
  await other?.close();
  await sink?.close();
  await database?.close();
});

const send = (pedidoId: number) => call(t, owned.owner, 'POST', `/api/pedidos/${pedidoId}/enviar`);
const orderOf = async (pedidoId: number) =>
  (await call(t, owned.owner, 'GET', `/api/pedido/${pedidoId}`)).json<Pedido>();
const jobsOf = (pedidoId: number) =>
  t.db.select().from(enviosEmail).where(eq(enviosEmail.pedidoId, pedidoId)).orderBy(asc(enviosEmail.id));
const messageIdsTo = async (address: string) =>
  Promise.all(sink.to(address).map(async (copy) => (await parse(copy)).messageId));

describe('the Message-ID of a queued email', () => {
  it('is stored with the job before the send, on MAIL_FROM’s domain, and is the one the guest gets', async () => {
    const pedido = await createOrder(t, owned.owner, owned);
    sink.holdReplies();
    expect((await send(pedido.id)).statusCode).toBe(202);
    await sink.waitFor(sink.received.length + 1);
    const [job] = await jobsOf(pedido.id);
    expect(job).toMatchObject({
      estado: 'enviando',
      messageId: expect.stringMatching(/^<[0-9a-f-]{36}@drinkflow\.test>$/),
    });
    expect(await messageIdsTo(pedido.email)).toEqual([job!.messageId]);

    sink.release();
    await eventually(async () => (await orderOf(pedido.id)).envio.estado === 'enviado', 'the recorded send');
    expect((await jobsOf(pedido.id))[0]!.messageId).toBe(job!.messageId);
  });

  it('is a new one for a resend, so the guest’s mail client does not take it for the first copy', async () => {
    const pedido = await createOrder(t, owned.owner, owned);
    expect((await send(pedido.id)).statusCode).toBe(202);
    await eventually(async () => (await orderOf(pedido.id)).envio.estado === 'enviado', 'the first send');
    expect((await send(pedido.id)).statusCode).toBe(202);
    await eventually(async () => sink.to(pedido.email).length === 2, 'the resend');

    const ids = await messageIdsTo(pedido.email);
    expect(new Set(ids).size).toBe(2);
    await eventually(
      async () => (await jobsOf(pedido.id)).every((job) => job.estado === 'enviado'),
      'both recorded',
    );
    expect((await jobsOf(pedido.id)).map((job) => job.messageId)).toEqual(ids);
  });
});

describe('a send slower than the lease', () => {
  it('keeps its lease while the mail server holds the reply: the other process never sends a second copy', async () => {
    const pedido = await createOrder(t, owned.owner, owned);
    sink.holdReplies();
    expect((await send(pedido.id)).statusCode).toBe(202);
    await eventually(() => sink.to(pedido.email).length === 1, 'the message at the mail server');

    // Five leases go by with the reply held; both workers poll every 50 ms meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 5 * LEASE_MS));
    expect(sink.to(pedido.email)).toHaveLength(1);
    expect(await jobsOf(pedido.id)).toMatchObject([{ estado: 'enviando', intentos: 1 }]);

    sink.release();
    await eventually(async () => (await orderOf(pedido.id)).envio.estado === 'enviado', 'the recorded send');
    expect(sink.to(pedido.email)).toHaveLength(1);
    expect((await orderOf(pedido.id)).envio.intentos).toBe(1);
  });
});
