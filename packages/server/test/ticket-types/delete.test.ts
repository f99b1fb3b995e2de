import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pedidos, tiposTicket } from '../../src/db/schema';
import { signIn } from '../support/accounts';
import { call, expectApiError } from '../support/api';
import { snapshotEvent } from '../support/event-snapshot';
import { createEvent, getEvent } from '../support/events';
import { insertConsumos, insertOrder, insertTicket } from '../support/stored-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const storedType = async (id: number) => t.db.select().from(tiposTicket).where(eq(tiposTicket.id, id));

describe('DELETE /api/tipos-ticket/{id}', () => {
  it('deletes an unused type and answers 200 JSON', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const unused = await createTicketType(t, organizer, evento, { nombre: 'Sin usar' });
    const kept = await createTicketType(t, organizer, evento, { nombre: 'Se queda' });

    const res = await call(t, organizer, 'DELETE', `/api/tipos-ticket/${unused.id}`);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ message: expect.any(String), id: unused.id });
    expect(await storedType(unused.id)).toEqual([]);
    expectApiError(
      await call(t, organizer, 'GET', `/api/tipos-ticket/single/${unused.id}`),
      404,
      'not_found',
    );
    expect((await call(t, organizer, 'GET', `/api/tipos-ticket/${evento.id}`)).json()).toEqual([kept]);
    expect((await getEvent(t, organizer, evento.id)).contadores.tiposTicket).toBe(1);
  });

  it('refuses with 409 to delete a type that tickets use, and keeps it', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const used = await createTicketType(t, organizer, evento);
    const pedido = await insertOrder(t.db, evento.id);
    const ticket = await insertTicket(t.db, pedido.id, used.id);
    await insertConsumos(t.db, evento.id, ticket.id, 2);
    const before = await snapshotEvent(t.db, evento.id);

    const body = expectApiError(
      await call(t, organizer, 'DELETE', `/api/tipos-ticket/${used.id}`),
      409,
      'conflict',
    );

    expect(body.message).toMatch(/tickets/);
    expect(await snapshotEvent(t.db, evento.id)).toEqual(before);
    const single = await call(t, organizer, 'GET', `/api/tipos-ticket/single/${used.id}`);
    expect(single.statusCode).toBe(200);
  });

  it('refuses with 409 also when its only ticket is invalidated', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const used = await createTicketType(t, organizer, evento);
    await insertTicket(t.db, (await insertOrder(t.db, evento.id)).id, used.id, 'invalidado');

    expectApiError(await call(t, organizer, 'DELETE', `/api/tipos-ticket/${used.id}`), 409, 'conflict');
    expect(await storedType(used.id)).toHaveLength(1);
  });

  it('deletes a type once the orders that used it are gone', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const tipo = await createTicketType(t, organizer, evento);
    const pedido = await insertOrder(t.db, evento.id);
    await insertTicket(t.db, pedido.id, tipo.id);
    expect((await call(t, organizer, 'DELETE', `/api/tipos-ticket/${tipo.id}`)).statusCode).toBe(409);

    await t.db.delete(pedidos).where(eq(pedidos.id, pedido.id));

    expect((await call(t, organizer, 'DELETE', `/api/tipos-ticket/${tipo.id}`)).statusCode).toBe(200);
    expect(await storedType(tipo.id)).toEqual([]);
  });

  it('answers 404 the second time and to a type that does not exist', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const tipo = await createTicketType(t, organizer, evento);
    expect((await call(t, organizer, 'DELETE', `/api/tipos-ticket/${tipo.id}`)).statusCode).toBe(200);

    expectApiError(await call(t, organizer, 'DELETE', `/api/tipos-ticket/${tipo.id}`), 404, 'not_found');
    expectApiError(await call(t, organizer, 'DELETE', '/api/tipos-ticket/2000000000'), 404, 'not_found');
  });

  it('refuses an id that is not a positive integer with 400', async () => {
    const organizer = await signIn(t.db);

    for (const id of ['abc', '0', '-1']) {
      expectApiError(await call(t, organizer, 'DELETE', `/api/tipos-ticket/${id}`), 400, 'validation_error');
    }
  });
});
