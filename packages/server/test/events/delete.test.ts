import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumos, pedidos, scanLog, tickets } from '../../src/db/schema';
import { signIn } from '../support/accounts';
import { call, expectApiError } from '../support/api';
import { countRowsOfEvent, snapshotEvent } from '../support/event-snapshot';
import { createEvent, getEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { seedEventData } from './seed-event-data';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const none = { eventos: 0, tiposTicket: 0, pedidos: 0, tickets: 0, consumos: 0, scanLog: 0 };

describe('DELETE /api/eventos/{id}', () => {
  it('deletes an event without data and answers 200 JSON', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);

    const res = await call(t, organizer, 'DELETE', `/api/eventos/${evento.id}`);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ message: expect.any(String), id: evento.id });
    expectApiError(await call(t, organizer, 'GET', `/api/eventos/single/${evento.id}`), 404, 'not_found');
    expect(
      await call(t, organizer, 'GET', `/api/eventos/${organizer.user.id}`).then((r) => r.json()),
    ).toEqual([]);
  });

  it('deletes its ticket types, orders, tickets, consumptions and scan log in one go', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const seeded = await seedEventData(t, organizer, evento);
    const second = await createTicketType(t, organizer, evento, { nombre: 'Sin usar' });
    expect(await countRowsOfEvent(t.db, evento.id)).toEqual({
      eventos: 1,
      tiposTicket: 2,
      pedidos: 2,
      tickets: 3,
      consumos: 3,
      scanLog: 2,
    });

    const res = await call(t, organizer, 'DELETE', `/api/eventos/${evento.id}`);

    expect(res.statusCode, res.body).toBe(200);
    expect(await countRowsOfEvent(t.db, evento.id)).toEqual(none);
    for (const tipo of [seeded.tipo, second]) {
      expectApiError(
        await call(t, organizer, 'GET', `/api/tipos-ticket/single/${tipo.id}`),
        404,
        'not_found',
      );
    }
    expect(await t.db.select().from(pedidos).where(inArray(pedidos.id, seeded.pedidoIds))).toEqual([]);
    expect(await t.db.select().from(tickets).where(inArray(tickets.id, seeded.ticketIds))).toEqual([]);
    expect(await t.db.select().from(consumos).where(inArray(consumos.ticketId, seeded.ticketIds))).toEqual(
      [],
    );
    expect(await t.db.select().from(scanLog).where(inArray(scanLog.ticketId, seeded.ticketIds))).toEqual([]);
  });

  it("leaves other events' data untouched, the organizer's own and others'", async () => {
    const organizer = await signIn(t.db);
    const other = await signIn(t.db);
    const doomed = await createEvent(t, organizer, { nombre: 'Se borra' });
    const sibling = await createEvent(t, organizer, { nombre: 'Se queda' });
    const foreign = await createEvent(t, other, { nombre: 'De otro organizador' });
    await seedEventData(t, organizer, doomed);
    await seedEventData(t, organizer, sibling);
    await seedEventData(t, other, foreign);
    const siblingBefore = await snapshotEvent(t.db, sibling.id);
    const foreignBefore = await snapshotEvent(t.db, foreign.id);

    expect((await call(t, organizer, 'DELETE', `/api/eventos/${doomed.id}`)).statusCode).toBe(200);

    expect(await countRowsOfEvent(t.db, doomed.id)).toEqual(none);
    expect(await snapshotEvent(t.db, sibling.id)).toEqual(siblingBefore);
    expect(await snapshotEvent(t.db, foreign.id)).toEqual(foreignBefore);
    expect((await getEvent(t, organizer, sibling.id)).contadores).toEqual({
      tiposTicket: 1,
      pedidosActivos: 1,
      ticketsEscaneados: 2,
    });
  });

  it('answers 404 the second time', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    await seedEventData(t, organizer, evento);

    expect((await call(t, organizer, 'DELETE', `/api/eventos/${evento.id}`)).statusCode).toBe(200);
    expectApiError(await call(t, organizer, 'DELETE', `/api/eventos/${evento.id}`), 404, 'not_found');
  });

  it('answers 404 to an event that does not exist', async () => {
    const organizer = await signIn(t.db);

    expectApiError(await call(t, organizer, 'DELETE', '/api/eventos/2000000000'), 404, 'not_found');
  });

  it('refuses an id that is not a positive integer with 400', async () => {
    const organizer = await signIn(t.db);

    for (const id of ['abc', '0', '-7']) {
      expectApiError(await call(t, organizer, 'DELETE', `/api/eventos/${id}`), 400, 'validation_error');
    }
  });
});
