import { Writable } from 'node:stream';
import type { Pedido, PedidoCreated } from '@drinkflow/domain/orders';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { enviosEmail, tickets } from '../../src/db/schema';
import { call } from '../support/api';
import { openTestDatabase } from '../support/database';
import type { TestApp } from '../support/test-app';
import { createOrder, ownedEvent, type OwnedEvent } from '../support/orders';
import { qrCodesOfPdf } from '../support/pdf';
import {
  PUBLIC_URL,
  emailOptions,
  emailTestApp,
  eventually,
  parse,
  startMailSink,
  type MailSink,
} from './mail-sink';

let database: Database;
let sink: MailSink;
let t: TestApp;
let owned: OwnedEvent;
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, next) {
    logLines.push(chunk.toString('utf8'));
    next();
  },
});

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startMailSink();
  t = await emailTestApp(database, emailOptions(sink), logStream);
  owned = await ownedEvent(t);
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
  await database?.close();
});

const send = (app: TestApp, pedidoId: number) =>
  call(app, owned.owner, 'POST', `/api/pedidos/${pedidoId}/enviar`);
const orderOf = async (app: TestApp, pedidoId: number) => {
  const res = await call(app, owned.owner, 'GET', `/api/pedido/${pedidoId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Pedido>();
};

describe('POST /api/pedidos/{id}/enviar', () => {
  it('emails the order in Spanish: who invites, the event, one guest link per ticket and the PDF', async () => {
    const pedido = await createOrder(t, owned.owner, owned, { nombreCompleto: 'Marta Ruiz', quantity: 2 });
    expect(pedido.envio).toEqual({ estado: 'sin_enviar', intentos: 0, enviadoEn: null, ultimoError: null });

    const res = await send(t, pedido.id);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ estado: 'en_cola' });

    await eventually(async () => (await orderOf(t, pedido.id)).envio.estado === 'enviado', 'enviado');
    const [message] = sink.to(pedido.email);
    expect(sink.to(pedido.email)).toHaveLength(1);
    expect(message!.user).toBe('drinkflow'); // the credentials of SMTP_URL, decoded
    const mail = await parse(message!);

    const evento = owned.evento.nombre;
    expect(mail.subject).toBe(`Tus tickets para ${evento}`);
    expect(mail.from?.value[0]).toEqual({ name: 'Dueña vía DrinkFlow', address: 'entradas@drinkflow.test' });
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0] : null).toEqual({
      name: 'Marta Ruiz',
      address: pedido.email,
    });
    const why = `Recibes este correo porque Dueña te ha invitado a ${evento}.`;
    expect(mail.text).toContain('Hola, Marta Ruiz:');
    expect(mail.text).toContain(why);
    expect(mail.text).toContain(owned.evento.ubicacion);
    const html = mail.html as string;
    expect(html).toContain(why);
    expect(html).toContain('lang="es"');
    // Readable anywhere: tables and inline styles, nothing fetched from elsewhere.
    expect(html).toMatch(/<table role="presentation"/);
    expect(html).not.toMatch(/<img|<script|<link|<style|src=/i);

    // One link per ticket, to that ticket's guest page, in both parts.
    const stored = await t.db
      .select({ id: tickets.id, qrCode: tickets.qrCode, guestToken: tickets.guestToken })
      .from(tickets)
      .where(eq(tickets.pedidoId, pedido.id))
      .orderBy(asc(tickets.id));
    const linkPattern = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/t/([A-Za-z0-9_-]+)`, 'g');
    const textTokens = [...mail.text!.matchAll(linkPattern)].map((match) => match[1]);
    const htmlTokens = [...html.matchAll(linkPattern)].map((match) => match[1]);
    expect(textTokens).toEqual(stored.map((ticket) => ticket.guestToken));
    expect(htmlTokens).toEqual(stored.map((ticket) => ticket.guestToken));
    for (const ticket of stored) {
      const page = await t.app.inject({ method: 'GET', url: `/api/t/${ticket.guestToken}` });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({ titular: 'Marta Ruiz', qrCode: ticket.qrCode });
    }

    // The order's PDF, whose QR codes read as the tickets' codes.
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.filename).toBe(`tickets-pedido-${pedido.id}.pdf`);
    expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await qrCodesOfPdf(pdf!.content)).toEqual(stored.map((ticket) => ticket.qrCode));

    const { envio } = await orderOf(t, pedido.id);
    expect(envio).toMatchObject({ estado: 'enviado', intentos: 1, ultimoError: null });
    expect(Date.parse(envio.enviadoEn!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('says "Tu ticket" for a single ticket', async () => {
    const pedido = await createOrder(t, owned.owner, owned, { quantity: 1 });
    expect((await send(t, pedido.id)).statusCode).toBe(202);
    await eventually(() => sink.to(pedido.email).length === 1, 'the email');
    const mail = await parse(sink.to(pedido.email)[0]!);
    expect(mail.subject).toBe(`Tu ticket para ${owned.evento.nombre}`);
  });

  it('tries again after the mail server refused once, and delivers on the second attempt', async () => {
    const pedido = await createOrder(t, owned.owner, owned);
    sink.refuse(1, 451);
    expect((await send(t, pedido.id)).statusCode).toBe(202);
    await eventually(async () => (await orderOf(t, pedido.id)).envio.estado === 'enviado', 'enviado');
    expect(sink.to(pedido.email)).toHaveLength(1);
    expect((await orderOf(t, pedido.id)).envio).toMatchObject({ intentos: 2, ultimoError: null });
  });

  it('gives up after four attempts and says why in Spanish', async () => {
    const pedido = await createOrder(t, owned.owner, owned);
    sink.refuse(4, 550);
    expect((await send(t, pedido.id)).statusCode).toBe(202);
    await eventually(async () => (await orderOf(t, pedido.id)).envio.estado === 'fallido', 'fallido');
    const { envio } = await orderOf(t, pedido.id);
    expect(envio.intentos).toBe(4);
    expect(envio.ultimoError).toMatch(/^El servidor de correo rechazó el mensaje \(550 /);
    expect(envio.ultimoError).not.toContain('s3creto');
    expect(sink.to(pedido.email)).toHaveLength(0);

    // 'Reenviar': a new request for the same order, delivered this time.
    expect((await send(t, pedido.id)).statusCode).toBe(202);
    expect((await orderOf(t, pedido.id)).envio.estado).toMatch(/en_cola|enviado/);
    await eventually(async () => (await orderOf(t, pedido.id)).envio.estado === 'enviado', 'resent');
    expect(sink.to(pedido.email)).toHaveLength(1);
    expect((await orderOf(t, pedido.id)).envio).toMatchObject({ intentos: 1, ultimoError: null });
  });

  it('queues an order once however often it is asked while it waits', async () => {
    const pedido = await createOrder(t, owned.owner, owned);
    sink.slowDown(300);
    try {
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => send(t, pedido.id)));
      expect(answers.map((res) => res.statusCode)).toEqual([202, 202, 202, 202, 202]);
      await eventually(async () => (await orderOf(t, pedido.id)).envio.estado === 'enviado', 'enviado');
    } finally {
      sink.slowDown(0);
    }
    expect(sink.to(pedido.email)).toHaveLength(1);
  });

  it('logs the order, never the guest address, the guest links or the SMTP password', () => {
    const logs = logLines.join('');
    expect(logs).toMatch(/"pedidoId":\d+/);
    expect(logs).not.toMatch(/invitada\.[^"]*@example\.com/);
    expect(logs).not.toContain(PUBLIC_URL);
    expect(logs).not.toContain('s3creto');
    expect(logs).not.toContain(encodeURIComponent('s3creto:con/raros'));
  });
});

describe('the queue across a restart', () => {
  it('never sends again an email recorded as sent when the app stops mid-queue', async () => {
    const orders: PedidoCreated[] = [];
    for (let i = 0; i < 6; i++) orders.push(await createOrder(t, owned.owner, owned));
    sink.slowDown(150);
    for (const pedido of orders) expect((await send(t, pedido.id)).statusCode).toBe(202);
    // Some sent, some in flight (leased), some waiting: stop the app now.
    await eventually(() => orders.some((pedido) => sink.to(pedido.email).length > 0), 'a first email');
    await t.close();
    sink.slowDown(0);
    const sentBeforeRestart = orders.filter((pedido) => sink.to(pedido.email).length > 0).length;
    expect(sentBeforeRestart).toBeGreaterThan(0);

    t = await emailTestApp(database, emailOptions(sink), logStream);
    await eventually(() => orders.every((pedido) => sink.to(pedido.email).length > 0), 'every email');
    await new Promise((resolve) => setTimeout(resolve, 400)); // several polls: nothing more arrives
    for (const pedido of orders) expect(sink.to(pedido.email)).toHaveLength(1);
  });

  it('leaves a send leased by a process that died until its lease runs out, then sends it once', async () => {
    const pedido = await createOrder(t, owned.owner, owned);
    const sent = await createOrder(t, owned.owner, owned);
    // What a process that died mid-send leaves behind, and a job recorded as sent.
    const [job] = await t.db
      .insert(enviosEmail)
      .values({
        pedidoId: pedido.id,
        estado: 'enviando',
        intentos: 1,
        proximoIntentoEn: new Date(Date.now() + 60_000),
      })
      .returning();
    await t.db
      .insert(enviosEmail)
      .values({ pedidoId: sent.id, estado: 'enviado', intentos: 1, enviadoEn: new Date() });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(sink.to(pedido.email)).toHaveLength(0);
    expect((await orderOf(t, pedido.id)).envio.estado).toBe('en_cola');

    await t.db
      .update(enviosEmail)
      .set({ proximoIntentoEn: new Date(Date.now() - 1000) })
      .where(eq(enviosEmail.id, job!.id));
    await eventually(
      async () => (await orderOf(t, pedido.id)).envio.estado === 'enviado',
      'the retried send',
    );
    expect(sink.to(pedido.email)).toHaveLength(1);
    expect((await orderOf(t, pedido.id)).envio.intentos).toBe(2);
    expect(sink.to(sent.email)).toHaveLength(0);
  });
});
