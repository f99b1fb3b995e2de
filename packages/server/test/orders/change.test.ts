import { orderMessages, type Pedido } from '@drinkflow/domain/orders';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumos, pedidos, scanLog, tickets } from '../../src/db/schema';
import { call, expectApiError, expectFieldError, MISSING_ID } from '../support/api';
import { insertConsumos, insertScan, insertTicket } from '../support/stored-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { createOrder, ownedEvent } from '../support/orders';
import { storedOrders } from '../support/stored-orders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/pedido/{id}', () => {
  it('answers the order with its event, ticket type and ticket count', async () => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const { tickets: issued, ...created } = await createOrder(t, owner, { evento, tipo }, { quantity: 2 });

    const res = await call(t, owner, 'GET', `/api/pedido/${created.id}`);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(created);
    expect(res.json<Pedido>()).toMatchObject({ totalTickets: 2, tipoTicket: { id: tipo.id } });
    expect(issued).toHaveLength(2);
  });

  it('answers 404 "Pedido no encontrado" for an order that does not exist', async () => {
    const { owner } = await ownedEvent(t);

    const body = expectApiError(await call(t, owner, 'GET', `/api/pedido/${MISSING_ID}`), 404, 'not_found');

    expect(body.message).toBe('Pedido no encontrado');
  });
});

describe('PUT /api/pedidos/{id}', () => {
  it("changes the guest's name and email, trimmed, and keeps the phone when it is not sent", async () => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const created = await createOrder(t, owner, { evento, tipo });

    const res = await call(t, owner, 'PUT', `/api/pedidos/${created.id}`, {
      nombreCompleto: '  Lucía F. Gómez ',
      email: ' lucia.gomez@example.com ',
    });

    expect(res.statusCode, res.body).toBe(200);
    const { tickets: _issued, ...before } = created;
    expect(res.json()).toEqual({
      ...before,
      nombreCompleto: 'Lucía F. Gómez',
      email: 'lucia.gomez@example.com',
    });
    const [row] = await t.db.select().from(pedidos).where(eq(pedidos.id, created.id));
    expect(row).toMatchObject({ nombreCompleto: 'Lucía F. Gómez', telefono: '+34 600 123 456' });
  });

  it('clears the phone when it is sent empty or null', async () => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const created = await createOrder(t, owner, { evento, tipo });
    const body = { nombreCompleto: created.nombreCompleto, email: created.email };

    const cleared = await call(t, owner, 'PUT', `/api/pedidos/${created.id}`, { ...body, telefono: '' });
    const typed = await call(t, owner, 'PUT', `/api/pedidos/${created.id}`, { ...body, telefono: '93 1' });
    const nulled = await call(t, owner, 'PUT', `/api/pedidos/${created.id}`, { ...body, telefono: null });

    expect([cleared, typed, nulled].map((res) => res.json<Pedido>().telefono)).toEqual([null, '93 1', null]);
  });

  it.each([
    ['a bad email', { email: 'no-es-un-email' }, 'email', orderMessages.email],
    ['a blank name', { nombreCompleto: ' ' }, 'nombreCompleto', orderMessages.nombreRequired],
    ['no name', { nombreCompleto: undefined }, 'nombreCompleto', orderMessages.nombreRequired],
  ])(
    'refuses %s with 400 naming the field and changes nothing',
    async (_label, overrides, field, message) => {
      const { owner, evento, tipo } = await ownedEvent(t);
      const created = await createOrder(t, owner, { evento, tipo });
      const before = await storedOrders(t.db, evento.id);
      const body = { nombreCompleto: 'Otro nombre', email: 'otro@example.com', ...overrides };

      expectFieldError(await call(t, owner, 'PUT', `/api/pedidos/${created.id}`, body), field, message);

      expect(await storedOrders(t.db, evento.id)).toEqual(before);
    },
  );

  it('answers 404 for an order that does not exist', async () => {
    const { owner } = await ownedEvent(t);
    const body = { nombreCompleto: 'Nadie', email: 'nadie@example.com' };

    expectApiError(await call(t, owner, 'PUT', `/api/pedidos/${MISSING_ID}`, body), 404, 'not_found');
  });
});

describe('PUT /api/pedidos/{id}/ticket-type', () => {
  it('moves every ticket of the order to another type of the same event', async () => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const vip = await createTicketType(t, owner, evento, { nombre: 'VIP' });
    const created = await createOrder(t, owner, { evento, tipo }, { quantity: 3 });
    const untouched = await createOrder(t, owner, { evento, tipo });

    const res = await call(t, owner, 'PUT', `/api/pedidos/${created.id}/ticket-type`, {
      ticketTypeId: vip.id,
    });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      tipoTicket: { id: vip.id, nombre: 'VIP' },
      totalTickets: 3,
    });
    const stored = await storedOrders(t.db, evento.id);
    const typeOf = (pedidoId: number) =>
      stored.tickets.filter((ticket) => ticket.pedidoId === pedidoId).map((ticket) => ticket.ticketTypeId);
    expect(typeOf(created.id)).toEqual([vip.id, vip.id, vip.id]);
    expect(typeOf(untouched.id)).toEqual([tipo.id]);
    // The QR codes stay: printed tickets keep working.
    expect(stored.tickets.filter((row) => row.pedidoId === created.id).map((row) => row.qrCode)).toEqual(
      created.tickets.map((ticket) => ticket.qrCode),
    );
  });

  it("refuses another event's ticket type with 400 on ticketTypeId and changes nothing", async () => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const other = await ownedEvent(t, owner);
    const created = await createOrder(t, owner, { evento, tipo }, { quantity: 2 });
    const before = await storedOrders(t.db, evento.id);

    const res = await call(t, owner, 'PUT', `/api/pedidos/${created.id}/ticket-type`, {
      ticketTypeId: other.tipo.id,
    });

    expectFieldError(res, 'ticketTypeId', orderMessages.ticketTypeOtherEvent);
    expect(await storedOrders(t.db, evento.id)).toEqual(before);
  });

  it.each([0, 'vip', null])('refuses ticketTypeId %s with 400', async (ticketTypeId) => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const created = await createOrder(t, owner, { evento, tipo });

    const res = await call(t, owner, 'PUT', `/api/pedidos/${created.id}/ticket-type`, { ticketTypeId });

    expectFieldError(res, 'ticketTypeId', orderMessages.ticketType);
  });
});

describe('DELETE /api/pedidos/{id}', () => {
  it('deletes the order with its tickets and consumptions; the scan log keeps its rows, unlinked', async () => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const created = await createOrder(t, owner, { evento, tipo }, { quantity: 2 });
    const kept = await createOrder(t, owner, { evento, tipo });
    const [first, second] = created.tickets;
    await insertConsumos(t.db, evento.id, first!.id, 2);
    await insertConsumos(t.db, evento.id, kept.tickets[0]!.id, 1);
    await insertScan(t.db, evento.id, first!);
    await insertScan(t.db, evento.id, second!);
    await insertScan(t.db, evento.id, kept.tickets[0]!);

    const res = await call(t, owner, 'DELETE', `/api/pedidos/${created.id}`);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String), id: created.id });
    const ids = created.tickets.map((ticket) => ticket.id);
    expect(await t.db.select().from(pedidos).where(eq(pedidos.id, created.id))).toEqual([]);
    expect(await t.db.select().from(tickets).where(inArray(tickets.id, ids))).toEqual([]);
    expect(await t.db.select().from(consumos).where(inArray(consumos.ticketId, ids))).toEqual([]);
    const log = await t.db.select().from(scanLog).where(eq(scanLog.eventoId, evento.id));
    expect(
      log
        .map((row) => ({ ticketId: row.ticketId, qrCode: row.qrCode }))
        .sort((a, b) => a.qrCode.localeCompare(b.qrCode)),
    ).toEqual(
      [
        { ticketId: null, qrCode: first!.qrCode },
        { ticketId: null, qrCode: second!.qrCode },
        { ticketId: kept.tickets[0]!.id, qrCode: kept.tickets[0]!.qrCode },
      ].sort((a, b) => a.qrCode.localeCompare(b.qrCode)),
    );
    expect(await t.db.select().from(consumos).where(eq(consumos.ticketId, kept.tickets[0]!.id))).toHaveLength(
      1,
    );
    expectApiError(await call(t, owner, 'GET', `/api/pedido/${created.id}`), 404, 'not_found');
  });

  it('deletes an order that has no tickets, and answers 404 the second time', async () => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const created = await createOrder(
      t,
      owner,
      { evento, tipo },
      { ticketTypeId: null, quantity: undefined },
    );

    expect((await call(t, owner, 'DELETE', `/api/pedidos/${created.id}`)).statusCode).toBe(200);
    expectApiError(await call(t, owner, 'DELETE', `/api/pedidos/${created.id}`), 404, 'not_found');
  });

  it('frees its ticket type, which can then be deleted', async () => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const created = await createOrder(t, owner, { evento, tipo });
    await insertTicket(t.db, created.id, tipo.id, 'invalidado');

    expect((await call(t, owner, 'DELETE', `/api/pedidos/${created.id}`)).statusCode).toBe(200);

    expect((await call(t, owner, 'DELETE', `/api/tipos-ticket/${tipo.id}`)).statusCode).toBe(200);
  });
});
