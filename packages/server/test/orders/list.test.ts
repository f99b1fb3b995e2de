import { orderMessages, ordersQueryMessages } from '@drinkflow/domain/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enviosEmail } from '../../src/db/schema';
import { signIn } from '../support/accounts';
import { call, expectApiError, expectFieldError, MISSING_ID } from '../support/api';
import { insertOrderAt, insertTicket } from '../support/stored-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { listOrders, names } from './orders-page';
import { createTicketType } from '../support/ticket-types';
import { ownedEvent } from '../support/orders';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

describe('GET /api/pedidos/{eventoId}', () => {
  it('pages the orders newest first, with page, limit and total', async () => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const first = await insertOrderAt(t.db, evento.id, {
      nombreCompleto: 'Primera',
      email: 'primera@example.com',
      telefono: '600 000 001',
      createdAt: '2026-05-01T10:00:00.000Z',
    });
    await insertTicket(t.db, first.id, tipo.id);
    await insertTicket(t.db, first.id, tipo.id, 'invalidado');
    for (const [nombreCompleto, createdAt] of [
      ['Tercera', '2026-05-03T10:00:00.000Z'],
      ['Segunda', '2026-05-02T10:00:00.000Z'],
      ['Cuarta A', '2026-05-04T10:00:00.000Z'],
      ['Cuarta B', '2026-05-04T10:00:00.000Z'], // same instant (one import): the earlier id comes first
    ]) {
      await insertOrderAt(t.db, evento.id, { nombreCompleto: nombreCompleto!, createdAt: createdAt! });
    }
    const url = `/api/pedidos/${evento.id}`;

    const pages = [
      await listOrders(t, owner, `${url}?page=1&limit=2`),
      await listOrders(t, owner, `${url}?page=2&limit=2`),
      await listOrders(t, owner, `${url}?page=3&limit=2`),
    ];

    expect(pages.map(names)).toEqual([['Cuarta A', 'Cuarta B'], ['Tercera', 'Segunda'], ['Primera']]);
    expect(pages.map(({ total, page, limit }) => ({ total, page, limit }))).toEqual([
      { total: 5, page: 1, limit: 2 },
      { total: 5, page: 2, limit: 2 },
      { total: 5, page: 3, limit: 2 },
    ]);
    expect(pages[2]!.pedidos[0]).toEqual({
      id: first.id,
      eventoId: evento.id,
      nombreCompleto: 'Primera',
      email: 'primera@example.com',
      telefono: '600 000 001',
      creadoPor: 'organizador',
      createdAt: '2026-05-01T10:00:00.000Z',
      evento: { id: evento.id, nombre: evento.nombre, fechaInicio: evento.fechaInicio },
      tipoTicket: { id: tipo.id, nombre: tipo.nombre },
      totalTickets: 2,
      envio: { estado: 'sin_enviar', intentos: 0, enviadoEn: null, ultimoError: null },
      whatsappEnviadoEn: null,
      telefonoWhatsapp: '34600000001',
    });
    expect(pages[0]!.pedidos[0]).toMatchObject({ tipoTicket: null, totalTickets: 0 });
    const defaults = await listOrders(t, owner, url);
    expect({ page: defaults.page, limit: defaults.limit, total: defaults.total }).toEqual({
      page: 1,
      limit: 20,
      total: 5,
    });
    const past = await listOrders(t, owner, `${url}?page=9&limit=2`);
    expect(past).toEqual({ pedidos: [], total: 5, page: 9, limit: 2 });
  });

  it('searches name, email and phone case-insensitively, accents as typed, % and _ as letters', async () => {
    const { owner, evento } = await ownedEvent(t);
    const at = '2026-05-01T10:00:00.000Z';
    const add = (nombreCompleto: string, email: string, telefono: string | null = null) =>
      insertOrderAt(t.db, evento.id, { nombreCompleto, email, telefono, createdAt: at });
    await add('Íñigo Muñoz', 'inigo@example.com', '+34 611 22 33 44');
    await add('Ana Pérez', 'ana@correo.es');
    await add('Descuento 100% Socio', 'socio@example.com');
    await add('Descuento 1000 Socio', 'otro@example.com');
    await add('Bea Ruiz', 'bea_ruiz@example.com');
    await add('Bea Ruiz Bis', 'beaxruiz@example.com');
    await add('Barra \\ invertida', 'barra@example.com');
    const search = async (text: string) =>
      names(
        await listOrders(t, owner, `/api/pedidos/${evento.id}?search=${encodeURIComponent(text)}`),
      ).sort();

    expect(await search('ÍÑIGO')).toEqual(['Íñigo Muñoz']);
    expect(await search('muñoz')).toEqual(['Íñigo Muñoz']);
    expect(await search('munoz')).toEqual([]);
    expect(await search('PÉREZ')).toEqual(['Ana Pérez']);
    expect(await search('perez')).toEqual([]);
    expect(await search('CORREO.ES')).toEqual(['Ana Pérez']);
    expect(await search('611 22')).toEqual(['Íñigo Muñoz']);
    expect(await search('100%')).toEqual(['Descuento 100% Socio']);
    expect(await search('%')).toEqual(['Descuento 100% Socio']);
    expect(await search('bea_')).toEqual(['Bea Ruiz']);
    expect(await search('\\')).toEqual(['Barra \\ invertida']);
    expect(await search('  bea  ')).toEqual(['Bea Ruiz', 'Bea Ruiz Bis']);
    const filtered = await listOrders(t, owner, `/api/pedidos/${evento.id}?search=descuento&limit=1`);
    expect({ total: filtered.total, n: filtered.pedidos.length }).toEqual({ total: 2, n: 1 });
  });

  it('filters by the ticket type of the tickets', async () => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const vip = await createTicketType(t, owner, evento, { nombre: 'VIP' });
    const at = '2026-05-01T10:00:00.000Z';
    const general = await insertOrderAt(t.db, evento.id, { nombreCompleto: 'General', createdAt: at });
    const special = await insertOrderAt(t.db, evento.id, { nombreCompleto: 'Especial', createdAt: at });
    await insertOrderAt(t.db, evento.id, { nombreCompleto: 'Sin tickets', createdAt: at });
    await insertTicket(t.db, general.id, tipo.id);
    await insertTicket(t.db, special.id, vip.id);
    await insertTicket(t.db, special.id, vip.id);

    const page = await listOrders(t, owner, `/api/pedidos/${evento.id}?ticketTypeId=${vip.id}`);

    expect(page.total).toBe(1);
    expect(page.pedidos).toEqual([
      expect.objectContaining({ id: special.id, tipoTicket: { id: vip.id, nombre: 'VIP' }, totalTickets: 2 }),
    ]);
    expect(names(await listOrders(t, owner, `/api/pedidos/${evento.id}?ticketTypeId=${tipo.id}`))).toEqual([
      'General',
    ]);
  });

  it('reads desde and hasta as whole days in Europe/Madrid, both inclusive', async () => {
    const { owner, evento } = await ownedEvent(t);
    const edges = {
      'mar-09 23:59:59.999': '2026-03-09T22:59:59.999Z',
      'mar-10 00:00': '2026-03-09T23:00:00.000Z',
      'mar-10 23:59:59.999': '2026-03-10T22:59:59.999Z',
      'mar-11 00:00': '2026-03-10T23:00:00.000Z',
      'mar-29 00:00 (DST day)': '2026-03-28T23:00:00.000Z',
      'mar-29 23:59 (after the change)': '2026-03-29T21:59:00.000Z',
      'mar-30 00:00': '2026-03-29T22:00:00.000Z',
      'jul-04 23:59:59': '2026-07-04T21:59:59.000Z',
      'jul-05 00:00': '2026-07-04T22:00:00.000Z',
    };
    for (const [nombreCompleto, createdAt] of Object.entries(edges)) {
      await insertOrderAt(t.db, evento.id, { nombreCompleto, createdAt });
    }
    const between = async (query: string) =>
      names(await listOrders(t, owner, `/api/pedidos/${evento.id}?limit=100&${query}`)).reverse();

    expect(await between('desde=2026-03-10&hasta=2026-03-10')).toEqual([
      'mar-10 00:00',
      'mar-10 23:59:59.999',
    ]);
    expect(await between('hasta=2026-03-10')).toEqual([
      'mar-09 23:59:59.999',
      'mar-10 00:00',
      'mar-10 23:59:59.999',
    ]);
    expect(await between('desde=2026-03-29&hasta=2026-03-29')).toEqual([
      'mar-29 00:00 (DST day)',
      'mar-29 23:59 (after the change)',
    ]);
    expect(await between('desde=2026-07-04')).toEqual(['jul-04 23:59:59', 'jul-05 00:00']);
    expect(await between('desde=2026-07-05&hasta=2026-07-05')).toEqual(['jul-05 00:00']);
    expect(await between('desde=2026-03-11&hasta=2026-03-10')).toEqual([]);
  });

  it('includes an order at the last microsecond of the hasta day', async () => {
    const { owner, evento } = await ownedEvent(t);
    await t.db.execute(
      sql`insert into pedidos (evento_id, nombre_completo, email, created_at)
          values (${evento.id}, 'Al filo', 'filo@example.com', '2026-03-10 23:59:59.9995+01')`,
    );

    const page = await listOrders(t, owner, `/api/pedidos/${evento.id}?hasta=2026-03-10`);
    const next = await listOrders(t, owner, `/api/pedidos/${evento.id}?desde=2026-03-11`);

    expect(names(page)).toEqual(['Al filo']);
    expect(names(next)).toEqual([]);
  });

  it('takes ISO instants in desde and hasta exactly', async () => {
    const { owner, evento } = await ownedEvent(t);
    await insertOrderAt(t.db, evento.id, { nombreCompleto: 'Antes', createdAt: '2026-05-01T09:59:59.999Z' });
    await insertOrderAt(t.db, evento.id, { nombreCompleto: 'Justo', createdAt: '2026-05-01T10:00:00.000Z' });
    await insertOrderAt(t.db, evento.id, {
      nombreCompleto: 'Después',
      createdAt: '2026-05-01T10:00:00.001Z',
    });
    const query = `desde=${encodeURIComponent('2026-05-01T12:00:00+02:00')}&hasta=2026-05-01T10:00:00.000Z`;

    expect(names(await listOrders(t, owner, `/api/pedidos/${evento.id}?${query}`))).toEqual(['Justo']);
  });

  it.each([
    ['limit', 'limit=101', ordersQueryMessages.limit],
    ['limit', 'limit=0', ordersQueryMessages.limit],
    ['limit', 'limit=diez', ordersQueryMessages.limit],
    ['page', 'page=0', ordersQueryMessages.page],
    ['page', 'page=-1', ordersQueryMessages.page],
    ['page', 'page=abc', ordersQueryMessages.page],
    ['page', 'page=1.5', ordersQueryMessages.page],
    ['desde', 'desde=ayer', ordersQueryMessages.desde],
    ['desde', 'desde=2026-02-30', ordersQueryMessages.desde],
    ['desde', 'desde=2026-13-01', ordersQueryMessages.desde],
    ['desde', 'desde=10/03/2026', ordersQueryMessages.desde],
    ['hasta', 'hasta=2026-3-10', ordersQueryMessages.hasta],
    ['ticketTypeId', 'ticketTypeId=vip', orderMessages.ticketType],
  ])('refuses a bad %s (%s) with 400 naming it in Spanish', async (field, query, message) => {
    const { owner, evento } = await ownedEvent(t);

    expectFieldError(await call(t, owner, 'GET', `/api/pedidos/${evento.id}?${query}`), field, message);
  });

  it("carries each order's email state: its newest request, 'sin_enviar' when never queued", async () => {
    const { owner, evento } = await ownedEvent(t);
    const order = (nombreCompleto: string, day: string) =>
      insertOrderAt(t.db, evento.id, { nombreCompleto, createdAt: `2026-05-${day}T10:00:00.000Z` });
    const never = await order('Nunca', '01');
    const resent = await order('Reenviado', '02');
    const queued = await order('En cola', '03');
    const failed = await order('Fallido', '04');
    const sentAt = new Date('2026-05-05T08:30:00.000Z');
    // Inserted in id order: an order's newest row is the last one inserted for it.
    await t.db.insert(enviosEmail).values([
      { pedidoId: resent.id, estado: 'fallido', intentos: 4, ultimoError: 'Buzón lleno' },
      { pedidoId: failed.id, estado: 'fallido', intentos: 4, ultimoError: 'Dirección inexistente' },
      { pedidoId: resent.id, estado: 'enviado', intentos: 1, enviadoEn: sentAt },
      { pedidoId: queued.id, estado: 'enviado', intentos: 1, enviadoEn: sentAt },
      { pedidoId: queued.id, estado: 'pendiente', intentos: 0 },
    ]);

    const { pedidos } = await listOrders(t, owner, `/api/pedidos/${evento.id}`);

    const envioOf = (id: number) => pedidos.find((pedido) => pedido.id === id)?.envio;
    expect(envioOf(never.id)).toEqual({
      estado: 'sin_enviar',
      intentos: 0,
      enviadoEn: null,
      ultimoError: null,
    });
    expect(envioOf(resent.id)).toEqual({
      estado: 'enviado',
      intentos: 1,
      enviadoEn: sentAt.toISOString(),
      ultimoError: null,
    });
    expect(envioOf(queued.id)).toEqual({
      estado: 'en_cola',
      intentos: 0,
      enviadoEn: null,
      ultimoError: null,
    });
    expect(envioOf(failed.id)).toEqual({
      estado: 'fallido',
      intentos: 4,
      enviadoEn: null,
      ultimoError: 'Dirección inexistente',
    });
  });

  it('answers 404 for an event that does not exist', async () => {
    const owner = await signIn(t.db);

    expectApiError(await call(t, owner, 'GET', `/api/pedidos/${MISSING_ID}`), 404, 'not_found');
  });
});
