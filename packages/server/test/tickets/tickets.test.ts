import { orderMessages, type Ticket } from '@drinkflow/domain/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../src/db/schema';
import { call, expectApiError, expectFieldError, MISSING_ID, URL_SAFE_SECRET } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { addConsumo, orderWithTickets } from './ticket-data';
import { createOrder, ownedEvent } from '../support/orders';
import { storedOrders, totals } from '../support/stored-orders';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const storedTicket = async (id: number) => (await t.db.select().from(tickets).where(eq(tickets.id, id)))[0];

describe('GET /api/tickets/{pedidoId}', () => {
  it('lists the order’s tickets in id order with their type and scan summary', async () => {
    const { owner, evento, tipo, pedido } = await orderWithTickets(t, 2);
    const [first, second] = pedido.tickets;
    await addConsumo(t, evento.id, first!.id, '2026-05-01T20:00:00.000Z');
    await addConsumo(t, evento.id, first!.id, '2026-05-01T21:30:00.000Z', 'cerveza');

    const res = await call(t, owner, 'GET', `/api/tickets/${pedido.id}`);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { ...first, tipoTicket: tipo, totalConsumos: 2, ultimoConsumo: '2026-05-01T21:30:00.000Z' },
      { ...second, tipoTicket: tipo, totalConsumos: 0, ultimoConsumo: null },
    ]);
  });

  it('answers [] for an order without tickets and 404 for a missing order', async () => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const empty = await createOrder(t, owner, { evento, tipo }, { ticketTypeId: null, quantity: undefined });

    expect((await call(t, owner, 'GET', `/api/tickets/${empty.id}`)).json()).toEqual([]);
    expectApiError(await call(t, owner, 'GET', `/api/tickets/${MISSING_ID}`), 404, 'not_found');
  });
});

describe('POST /api/tickets', () => {
  it('adds one active ticket to an order and answers 201 with it', async () => {
    const { owner, evento, tipo, pedido } = await orderWithTickets(t, 1);

    const res = await call(t, owner, 'POST', '/api/tickets', {
      pedidoId: pedido.id,
      ticketTypeId: tipo.id,
      estado: 'activo',
    });

    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Ticket>();
    expect(created).toEqual({
      id: expect.any(Number),
      pedidoId: pedido.id,
      ticketTypeId: tipo.id,
      estado: 'activo',
      qrCode: expect.stringMatching(URL_SAFE_SECRET),
      enlaceInvitado: expect.stringMatching(/^\/t\/[A-Za-z0-9_-]{24}$/),
      createdAt: expect.stringMatching(ISO),
    });
    expect(created.qrCode).not.toBe(pedido.tickets[0]!.qrCode);
    expect(created.enlaceInvitado).not.toBe(pedido.tickets[0]!.enlaceInvitado);
    expect((await storedOrders(t.db, evento.id)).tickets.map((row) => row.id)).toEqual([
      pedido.tickets[0]!.id,
      created.id,
    ]);
  });

  it('creates an active ticket when estado is omitted, and an invalidated one when asked', async () => {
    const { owner, tipo, pedido } = await orderWithTickets(t, 1);
    const body = { pedidoId: pedido.id, ticketTypeId: tipo.id };

    const plain = await call(t, owner, 'POST', '/api/tickets', body);
    const invalid = await call(t, owner, 'POST', '/api/tickets', { ...body, estado: 'invalidado' });

    expect([plain.json<Ticket>().estado, invalid.json<Ticket>().estado]).toEqual(['activo', 'invalidado']);
  });

  it("refuses another event's ticket type with 400 on ticketTypeId and writes nothing", async () => {
    const { owner, pedido } = await orderWithTickets(t, 1);
    const other = await ownedEvent(t, owner);
    const before = await totals(t.db);

    const res = await call(t, owner, 'POST', '/api/tickets', {
      pedidoId: pedido.id,
      ticketTypeId: other.tipo.id,
    });

    expectFieldError(res, 'ticketTypeId', orderMessages.ticketTypeOtherEvent);
    expect(await totals(t.db)).toEqual(before);
  });

  it.each([
    ['estado', { estado: 'agotado' }],
    ['pedidoId', { pedidoId: undefined }],
    ['pedidoId', { pedidoId: '1' }],
    ['ticketTypeId', { ticketTypeId: -3 }],
  ])('refuses a bad %s with 400 and writes nothing', async (field, overrides) => {
    const { owner, tipo, pedido } = await orderWithTickets(t, 1);
    const before = await totals(t.db);

    const res = await call(t, owner, 'POST', '/api/tickets', {
      pedidoId: pedido.id,
      ticketTypeId: tipo.id,
      ...overrides,
    });

    expectApiError(res, 400, 'validation_error');
    expect(res.json<{ details: { field: string }[] }>().details.map((detail) => detail.field)).toContain(
      field,
    );
    expect(await totals(t.db)).toEqual(before);
  });
});

describe('PATCH /api/tickets/{id}/invalidate and /reactivate', () => {
  it('toggles the stored estado and answers the ticket', async () => {
    const { owner, pedido } = await orderWithTickets(t, 2);
    const [ticket, other] = pedido.tickets;

    const invalidated = await call(t, owner, 'PATCH', `/api/tickets/${ticket!.id}/invalidate`);
    const again = await call(t, owner, 'PATCH', `/api/tickets/${ticket!.id}/invalidate`);

    expect(invalidated.statusCode, invalidated.body).toBe(200);
    expect(invalidated.json()).toEqual({ ...ticket, estado: 'invalidado' });
    expect(again.json()).toEqual({ ...ticket, estado: 'invalidado' });
    expect(await storedTicket(ticket!.id)).toMatchObject({ estado: 'invalidado', qrCode: ticket!.qrCode });
    expect(await storedTicket(other!.id)).toMatchObject({ estado: 'activo' });

    const reactivated = await call(t, owner, 'PATCH', `/api/tickets/${ticket!.id}/reactivate`);

    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(reactivated.json()).toEqual(ticket);
    expect(await storedTicket(ticket!.id)).toMatchObject({ estado: 'activo' });
  });

  it('answers 404 for a ticket that does not exist', async () => {
    const { owner } = await ownedEvent(t);

    for (const action of ['invalidate', 'reactivate', 'regenerate-qr']) {
      expectApiError(await call(t, owner, 'PATCH', `/api/tickets/${MISSING_ID}/${action}`), 404, 'not_found');
    }
  });
});

describe('PATCH /api/tickets/{id}/regenerate-qr', () => {
  it('replaces the QR with a new URL-safe secret of at least 128 bits; the old one is gone', async () => {
    const { owner, pedido } = await orderWithTickets(t, 1);
    const ticket = pedido.tickets[0]!;

    const res = await call(t, owner, 'PATCH', `/api/tickets/${ticket.id}/regenerate-qr`);

    expect(res.statusCode, res.body).toBe(200);
    const renewed = res.json<Ticket>();
    expect(renewed).toEqual({
      ...ticket,
      qrCode: expect.stringMatching(URL_SAFE_SECRET),
      enlaceInvitado: expect.stringMatching(/^\/t\/[A-Za-z0-9_-]{24}$/),
    });
    expect(renewed.qrCode).not.toBe(ticket.qrCode);
    // The guest link is replaced with the QR (docs/rules/guests.md).
    expect(renewed.enlaceInvitado).not.toBe(ticket.enlaceInvitado);
    expect(Buffer.from(renewed.qrCode, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(await t.db.select().from(tickets).where(eq(tickets.qrCode, ticket.qrCode))).toEqual([]);
    expect(
      await t.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.qrCode, renewed.qrCode)),
    ).toEqual([{ id: ticket.id }]);
  });

  it('gives a different code every time', async () => {
    const { owner, pedido } = await orderWithTickets(t, 1);
    const id = pedido.tickets[0]!.id;
    const codes = new Set([pedido.tickets[0]!.qrCode]);

    for (let i = 0; i < 5; i++) {
      codes.add((await call(t, owner, 'PATCH', `/api/tickets/${id}/regenerate-qr`)).json<Ticket>().qrCode);
    }

    expect(codes.size).toBe(6);
  });

  it('refuses an invalidated ticket with 409 and keeps its code', async () => {
    const { owner, pedido } = await orderWithTickets(t, 1);
    const ticket = pedido.tickets[0]!;
    await call(t, owner, 'PATCH', `/api/tickets/${ticket.id}/invalidate`);

    const body = expectApiError(
      await call(t, owner, 'PATCH', `/api/tickets/${ticket.id}/regenerate-qr`),
      409,
      'conflict',
    );

    expect(body.message).toBe('Solo se puede regenerar el QR de un ticket activo');
    expect(await storedTicket(ticket.id)).toMatchObject({ estado: 'invalidado', qrCode: ticket.qrCode });
  });
});
