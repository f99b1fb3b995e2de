import type { Pedido } from '@drinkflow/domain/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { enviosEmail, pedidos } from '../../src/db/schema';
import { type Account, signIn } from '../support/accounts';
import { call, expectApiError, expectValidationError, MISSING_ID } from '../support/api';
import { openTestDatabase } from '../support/database';
import type { TestApp } from '../support/test-app';
import { createOrder, ownedEvent, type OwnedEvent } from '../support/orders';
import { emailTestApp, eventually, PUBLIC_URL } from './mail-sink';

let database: Database;
/** Email configured, with a mail server that is down: what is queued stays queued. */
let t: TestApp;
/** The same data on a server without SMTP_URL. */
let unconfigured: TestApp;
let owned: OwnedEvent;
let pedido: Pedido;
let admin: Account;
let stranger: Account;
let bar: Account;

beforeAll(async () => {
  database = await openTestDatabase();
  t = await emailTestApp(database, {
    // Nothing listens on port 1: every attempt fails to connect, and the retry is an hour away.
    smtpUrl: 'smtp://usuario:clave-secreta@127.0.0.1:1',
    from: 'DrinkFlow <entradas@drinkflow.test>',
    publicUrl: PUBLIC_URL,
    pollMs: 3_600_000,
    backoffMs: [3_600_000],
  });
  unconfigured = await emailTestApp(database, undefined);
  owned = await ownedEvent(t);
  pedido = await createOrder(t, owned.owner, owned);
  admin = await signIn(t.db, 'admin');
  stranger = await signIn(t.db, 'organizer', 'Otra');
  bar = await signIn(t.db, 'scanner');
});

afterAll(async () => {
  await t?.close();
  await unconfigured?.close();
  await database?.close();
});

const sendOrder = (app: TestApp, who: Account | null, id = pedido.id) =>
  call(app, who, 'POST', `/api/pedidos/${id}/enviar`);
const sendEvent = (app: TestApp, who: Account | null, id = owned.evento.id, body: unknown = {}) =>
  call(app, who, 'POST', `/api/eventos/${id}/enviar-tickets`, body);
const progress = (app: TestApp, who: Account | null, id = owned.evento.id) =>
  call(app, who, 'GET', `/api/eventos/${id}/envios`);

const openJobs = async () => (await t.db.select().from(enviosEmail)).length;

describe('without SMTP_URL', () => {
  it('answers 409 "El envío por email no está configurado" and queues nothing', async () => {
    for (const res of [
      await sendOrder(unconfigured, owned.owner),
      await sendEvent(unconfigured, owned.owner),
    ]) {
      expectApiError(res, 409, 'conflict');
      expect(res.json().message).toBe('El envío por email no está configurado');
    }
    expect(await openJobs()).toBe(0);
  });

  it('still reports the progress, saying email is not configured', async () => {
    const res = await progress(unconfigured, owned.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, sinEnviar: 1, configurado: false });
  });
});

describe('POST /api/pedidos/{id}/enviar', () => {
  it('refuses an order with no email (400) and one with no tickets', async () => {
    const [bare] = await t.db
      .insert(pedidos)
      .values({ eventoId: owned.evento.id, nombreCompleto: 'Sin email', email: '' })
      .returning();
    const res = await sendOrder(t, owned.owner, bare!.id);
    expectValidationError(res, 'email');
    expect(res.json().message).toBe('El pedido no tiene email');

    const empty = await createOrder(t, owned.owner, owned, { ticketTypeId: null, quantity: undefined });
    const noTickets = await sendOrder(t, owned.owner, empty.id);
    expectApiError(noTickets, 400);
    expect(noTickets.json().message).toBe('El pedido no tiene tickets que enviar');
    expect(await openJobs()).toBe(0);
  });

  it('answers 404 for another organizer, an admin who does not own it and a missing order', async () => {
    for (const who of [stranger, admin]) expectApiError(await sendOrder(t, who), 404, 'not_found');
    expectApiError(await sendOrder(t, owned.owner, MISSING_ID), 404, 'not_found');
    expect(await openJobs()).toBe(0);
  });

  it('answers 403 to bar staff and 401 without a session', async () => {
    expectApiError(await sendOrder(t, bar), 403, 'forbidden');
    expectApiError(await sendOrder(t, null), 401, 'unauthorized');
    expect(await openJobs()).toBe(0);
  });

  it('queues the owner’s order; while the mail server is down it stays "en cola" with the reason', async () => {
    const res = await sendOrder(t, owned.owner);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ estado: 'en_cola' });
    const envio = async () =>
      (await call(t, owned.owner, 'GET', `/api/pedido/${pedido.id}`)).json<Pedido>().envio;
    await eventually(async () => (await envio()).ultimoError !== null, 'the failed attempt');
    expect(await envio()).toEqual({
      estado: 'en_cola',
      intentos: 1,
      enviadoEn: null,
      ultimoError: 'No se pudo conectar con el servidor de correo',
    });
    const list = await call(t, owned.owner, 'GET', `/api/pedidos/${owned.evento.id}`);
    expect(list.json<{ pedidos: Pedido[] }>().pedidos.find((p) => p.id === pedido.id)?.envio.estado).toBe(
      'en_cola',
    );
    await t.db.delete(enviosEmail).where(eq(enviosEmail.pedidoId, pedido.id));
  });
});

describe('POST /api/eventos/{id}/enviar-tickets', () => {
  it('answers 404 for another organizer or an admin, 403 to bar staff, 401 without a session', async () => {
    for (const who of [stranger, admin]) expectApiError(await sendEvent(t, who), 404, 'not_found');
    expectApiError(await sendEvent(t, owned.owner, MISSING_ID), 404, 'not_found');
    expectApiError(await sendEvent(t, bar), 403, 'forbidden');
    expectApiError(await sendEvent(t, null), 401, 'unauthorized');
    expect(await openJobs()).toBe(0);
  });

  it('refuses a soloPendientes that is not a boolean', async () => {
    expectValidationError(
      await sendEvent(t, owned.owner, owned.evento.id, { soloPendientes: 'sí' }),
      'soloPendientes',
    );
  });
});

describe('GET /api/eventos/{id}/envios', () => {
  it('is readable by the owner and an admin; 404 for another organizer; 403 to bar staff', async () => {
    expect((await progress(t, owned.owner)).statusCode).toBe(200);
    expect((await progress(t, admin)).statusCode).toBe(200);
    expectApiError(await progress(t, stranger), 404, 'not_found');
    expectApiError(await progress(t, owned.owner, MISSING_ID), 404, 'not_found');
    expectApiError(await progress(t, bar), 403, 'forbidden');
    expectApiError(await progress(t, null), 401, 'unauthorized');
  });
});
