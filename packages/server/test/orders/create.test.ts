import { orderMessages, type PedidoCreated } from '@drinkflow/domain/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pedidos } from '../../src/db/schema';
import { call, expectApiError, expectFieldError, URL_SAFE_SECRET } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { expectInternalError, failTicketInsert } from '../support/faults';
import { createOrder, orderBody, ownedEvent } from '../support/orders';
import { storedOrders, totals } from '../support/stored-orders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('POST /api/pedidos', () => {
  it('creates the order and its tickets in one call and answers 201 with both at the top level', async () => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const body = orderBody({ evento, tipo }, { nombreCompleto: '  Íñigo Muñoz  ', quantity: 3 });

    const res = await call(t, owner, 'POST', '/api/pedidos', body);

    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<PedidoCreated>();
    expect(created).toEqual({
      id: expect.any(Number),
      eventoId: evento.id,
      nombreCompleto: 'Íñigo Muñoz',
      email: body.email,
      telefono: '+34 600 123 456',
      creadoPor: 'organizador',
      createdAt: expect.stringMatching(ISO),
      evento: { id: evento.id, nombre: evento.nombre, fechaInicio: evento.fechaInicio },
      tipoTicket: { id: tipo.id, nombre: tipo.nombre },
      totalTickets: 3,
      envio: { estado: 'sin_enviar', intentos: 0, enviadoEn: null, ultimoError: null },
      whatsappEnviadoEn: null,
      telefonoWhatsapp: '34600123456',
      tickets: [0, 1, 2].map(() => ({
        id: expect.any(Number),
        pedidoId: created.id,
        ticketTypeId: tipo.id,
        estado: 'activo',
        qrCode: expect.stringMatching(URL_SAFE_SECRET),
        enlaceInvitado: expect.stringMatching(/^\/t\/[A-Za-z0-9_-]{24}$/),
        createdAt: expect.stringMatching(ISO),
      })),
    });
    expect(new Set(created.tickets.map((ticket) => ticket.qrCode)).size).toBe(3);
    const stored = await storedOrders(t.db, evento.id);
    expect(stored.orders.map((order) => order.id)).toEqual([created.id]);
    expect(stored.tickets.map((ticket) => ticket.qrCode)).toEqual(
      created.tickets.map((ticket) => ticket.qrCode),
    );
  });

  it('issues one ticket when quantity is omitted, and keeps the phone as typed', async () => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const body = orderBody({ evento, tipo }, { telefono: '(+34) 93-123 45 67', quantity: undefined });

    const created = await createOrder(t, owner, { evento, tipo }, body);

    expect(created.tickets).toHaveLength(1);
    expect(created.telefono).toBe('(+34) 93-123 45 67');
  });

  it('creates only the order without a ticket type (the one-ticket-per-call flow)', async () => {
    const { owner, evento, tipo } = await ownedEvent(t);

    const created = await createOrder(
      t,
      owner,
      { evento, tipo },
      { ticketTypeId: undefined, quantity: undefined },
    );

    expect(created).toMatchObject({ tickets: [], totalTickets: 0, tipoTicket: null });
    expect((await storedOrders(t.db, evento.id)).tickets).toEqual([]);
  });

  it("ignores the body's creadoPor and stores an empty phone as null", async () => {
    const { owner, evento, tipo } = await ownedEvent(t);

    const created = await createOrder(
      t,
      owner,
      { evento, tipo },
      { creadoPor: 'importacion', telefono: '  ' },
    );

    expect(created.creadoPor).toBe('organizador');
    expect(created.telefono).toBeNull();
    const [row] = await t.db.select().from(pedidos).where(eq(pedidos.id, created.id));
    expect(row).toMatchObject({ creadoPor: 'organizador', telefono: null });
  });

  it.each([
    ['0', 0],
    ['11', 11],
    ['2.5', 2.5],
    ['the text "3"', '3'],
    ['null', null],
  ])('refuses quantity %s with 400 on quantity and writes nothing', async (_label, quantity) => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const before = await totals(t.db);

    const res = await call(t, owner, 'POST', '/api/pedidos', orderBody({ evento, tipo }, { quantity }));

    expectFieldError(res, 'quantity', orderMessages.quantity);
    expect(await totals(t.db)).toEqual(before);
  });

  it.each([
    ['a bad email', { email: 'lucia@' }, 'email', orderMessages.email],
    ['a missing email', { email: undefined }, 'email', orderMessages.emailRequired],
    [
      'a missing nombreCompleto',
      { nombreCompleto: undefined },
      'nombreCompleto',
      orderMessages.nombreRequired,
    ],
    ['a blank nombreCompleto', { nombreCompleto: '   ' }, 'nombreCompleto', orderMessages.nombreRequired],
    ['a 201-character name', { nombreCompleto: 'a'.repeat(201) }, 'nombreCompleto', orderMessages.nombreMax],
    ['a 41-character phone', { telefono: '6'.repeat(41) }, 'telefono', orderMessages.telefonoMax],
    ['a ticketTypeId of 0', { ticketTypeId: 0 }, 'ticketTypeId', orderMessages.ticketType],
    ['a missing eventoId', { eventoId: undefined }, 'eventoId', orderMessages.evento],
  ])('refuses %s with 400 naming the field and writes nothing', async (_label, overrides, field, message) => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const before = await totals(t.db);

    const res = await call(t, owner, 'POST', '/api/pedidos', orderBody({ evento, tipo }, overrides));

    expectFieldError(res, field, message);
    expect(await totals(t.db)).toEqual(before);
  });

  it('refuses a ticket type of another event (even the same organizer’s) with 400 on ticketTypeId', async () => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const other = await ownedEvent(t, owner);
    const before = await totals(t.db);

    const res = await call(
      t,
      owner,
      'POST',
      '/api/pedidos',
      orderBody({ evento, tipo: other.tipo }, { quantity: 2 }),
    );

    expectFieldError(res, 'ticketTypeId', orderMessages.ticketTypeOtherEvent);
    expect(await totals(t.db)).toEqual(before);
    expect(tipo.eventoId).toBe(evento.id);
  });

  it('answers 404 for an event that does not exist and writes nothing', async () => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const before = await totals(t.db);

    const res = await call(
      t,
      owner,
      'POST',
      '/api/pedidos',
      orderBody({ evento: { ...evento, id: 2_000_000_000 }, tipo }),
    );

    expectApiError(res, 404, 'not_found');
    expect(await totals(t.db)).toEqual(before);
  });

  it('leaves no order and no ticket when the third ticket fails to insert', async () => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const dropTrigger = await failTicketInsert(t.db, 'Falla', 3);
    try {
      const before = await totals(t.db);

      const res = await call(
        t,
        owner,
        'POST',
        '/api/pedidos',
        orderBody({ evento, tipo }, { nombreCompleto: 'Falla', quantity: 3 }),
      );

      expectInternalError(res);
      expect(await totals(t.db)).toEqual(before);
      expect(await storedOrders(t.db, evento.id)).toEqual({ orders: [], tickets: [] });
      // The same order with two tickets passes the trigger: only the fault undid the first one.
      await createOrder(t, owner, { evento, tipo }, { nombreCompleto: 'Falla', quantity: 2 });
    } finally {
      await dropTrigger();
    }
  });
});

describe('DELETE /api/tipos-ticket/{id} of a type that orders use', () => {
  it('refuses with 409 once an order was created through the API', async () => {
    const { owner, evento, tipo } = await ownedEvent(t);
    await createOrder(t, owner, { evento, tipo });

    expectApiError(await call(t, owner, 'DELETE', `/api/tipos-ticket/${tipo.id}`), 409, 'conflict');
  });
});
