import { describe, expect, it } from 'vitest';
import {
  ORDER_QUANTITY,
  ORDERS_PAGE_LIMIT,
  consumo,
  createOrderBody,
  createTicketBody,
  orderMessages,
  orderTicketTypeBody,
  ordersPage,
  ordersQuery,
  ordersQueryMessages,
  pedido,
  pedidoCreated,
  rechazo,
  ticket,
  ticketDetail,
  ticketEstados,
  updateOrderBody,
} from '../src/orders';

type Schema = {
  safeParse: (value: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } };
};
const issuesOf = (schema: Schema, body: unknown) =>
  schema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

const order = { eventoId: 3, nombreCompleto: 'Ana López', email: 'ana@example.com' };

describe('constants and messages', () => {
  it('keeps the quantity range and page limits', () => {
    expect(ORDER_QUANTITY).toEqual({ min: 1, max: 10 });
    expect(ORDERS_PAGE_LIMIT).toEqual({ default: 20, max: 100 });
    expect(ticketEstados).toEqual(['activo', 'invalidado']);
  });

  it('spells every message in Spanish', () => {
    expect(orderMessages).toEqual({
      nombreRequired: 'El nombre es requerido',
      nombreMax: 'El nombre no puede exceder 200 caracteres',
      email: 'Email inválido',
      emailRequired: 'El email es obligatorio',
      telefonoMax: 'El teléfono no puede exceder 40 caracteres',
      ticketType: 'Debe seleccionar un tipo de ticket',
      ticketTypeOtherEvent: 'El tipo de ticket no pertenece al evento del pedido',
      quantity: 'La cantidad debe estar entre 1 y 10 tickets',
      evento: 'Evento requerido',
    });
    expect(ordersQueryMessages).toEqual({
      page: 'La página debe ser un número entero desde 1',
      limit: 'El límite debe ser un número entero entre 1 y 100',
      desde: 'La fecha "desde" no es válida',
      hasta: 'La fecha "hasta" no es válida',
    });
  });
});

describe('createOrderBody', () => {
  it('trims the guest details and nulls a missing or empty phone', () => {
    expect(
      createOrderBody.parse({ ...order, nombreCompleto: '  Ana López ', email: ' ana@example.com  ' }),
    ).toEqual({ eventoId: 3, nombreCompleto: 'Ana López', email: 'ana@example.com', telefono: null });
    expect(createOrderBody.parse({ ...order, telefono: '   ' }).telefono).toBeNull();
    expect(createOrderBody.parse({ ...order, telefono: '' }).telefono).toBeNull();
    expect(createOrderBody.parse({ ...order, telefono: null }).telefono).toBeNull();
    expect(createOrderBody.parse({ ...order, telefono: ' +34 600 000 000 ' }).telefono).toBe(
      '+34 600 000 000',
    );
  });

  it('keeps ticketTypeId and quantity when given, and leaves them out otherwise', () => {
    expect(createOrderBody.parse({ ...order, ticketTypeId: 7, quantity: 4 })).toEqual({
      ...order,
      telefono: null,
      ticketTypeId: 7,
      quantity: 4,
    });
    const parsed = createOrderBody.parse(order);
    expect('ticketTypeId' in parsed).toBe(false);
    expect('quantity' in parsed).toBe(false);
    expect(createOrderBody.parse({ ...order, ticketTypeId: null }).ticketTypeId).toBeNull();
    expect(createOrderBody.parse({ ...order, creadoPor: 'anyone' }).creadoPor).toBe('anyone');
  });

  it('requires a positive whole eventoId', () => {
    for (const eventoId of [undefined, null, 0, -1, 1.5, '3']) {
      expect(issuesOf(createOrderBody, { ...order, eventoId }), String(eventoId)).toEqual([
        ['eventoId', 'Evento requerido'],
      ]);
    }
    expect(createOrderBody.parse({ ...order, eventoId: 1 }).eventoId).toBe(1);
  });

  it('requires a name of 1..200 characters after trimming', () => {
    for (const nombreCompleto of [undefined, null, 5, '', '   ']) {
      expect(issuesOf(createOrderBody, { ...order, nombreCompleto }), String(nombreCompleto)).toEqual([
        ['nombreCompleto', 'El nombre es requerido'],
      ]);
    }
    expect(createOrderBody.parse({ ...order, nombreCompleto: 'A' }).nombreCompleto).toBe('A');
    expect(createOrderBody.parse({ ...order, nombreCompleto: ` ${'a'.repeat(200)} ` }).nombreCompleto).toBe(
      'a'.repeat(200),
    );
    expect(issuesOf(createOrderBody, { ...order, nombreCompleto: 'a'.repeat(201) })).toEqual([
      ['nombreCompleto', 'El nombre no puede exceder 200 caracteres'],
    ]);
  });

  it('requires a valid email of at most 254 characters', () => {
    // Missing or empty: required, not "invalid".
    for (const email of [undefined, null, 7, '', '   ']) {
      expect(issuesOf(createOrderBody, { ...order, email }), String(email)).toEqual([
        ['email', 'El email es obligatorio'],
      ]);
    }
    for (const email of ['ana', 'ana@', 'ana@example', 'a b@example.com']) {
      expect(issuesOf(createOrderBody, { ...order, email }), String(email)).toEqual([
        ['email', 'Email inválido'],
      ]);
    }
    const local = 'a'.repeat(64);
    const at254 = `${local}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(at254).toHaveLength(254);
    expect(createOrderBody.parse({ ...order, email: ` ${at254} ` }).email).toBe(at254);
    expect(issuesOf(createOrderBody, { ...order, email: `${at254.slice(0, -4)}x.com` })).toEqual([
      ['email', 'Email inválido'],
    ]);
  });

  it('limits the phone to 40 characters after trimming', () => {
    expect(createOrderBody.parse({ ...order, telefono: ` ${'1'.repeat(40)} ` }).telefono).toBe(
      '1'.repeat(40),
    );
    expect(issuesOf(createOrderBody, { ...order, telefono: '1'.repeat(41) })).toEqual([
      ['telefono', 'El teléfono no puede exceder 40 caracteres'],
    ]);
  });

  it('requires a positive whole ticketTypeId when given', () => {
    for (const ticketTypeId of [0, -2, 2.5, '7']) {
      expect(issuesOf(createOrderBody, { ...order, ticketTypeId }), String(ticketTypeId)).toEqual([
        ['ticketTypeId', 'Debe seleccionar un tipo de ticket'],
      ]);
    }
  });

  it('accepts a quantity from 1 to 10 and nothing else', () => {
    expect(createOrderBody.parse({ ...order, quantity: 1 }).quantity).toBe(1);
    expect(createOrderBody.parse({ ...order, quantity: 10 }).quantity).toBe(10);
    for (const quantity of [0, 11, -1, 2.5, '3', null]) {
      expect(issuesOf(createOrderBody, { ...order, quantity }), String(quantity)).toEqual([
        ['quantity', 'La cantidad debe estar entre 1 y 10 tickets'],
      ]);
    }
  });

  it('reports every invalid field at once', () => {
    expect(issuesOf(createOrderBody, {})).toEqual([
      ['eventoId', 'Evento requerido'],
      ['nombreCompleto', 'El nombre es requerido'],
      ['email', 'El email es obligatorio'],
    ]);
  });
});

describe('updateOrderBody', () => {
  const details = { nombreCompleto: ' Ana ', email: ' ana@example.com ' };

  it('trims the details and leaves an absent phone untouched', () => {
    expect(updateOrderBody.parse(details)).toEqual({ nombreCompleto: 'Ana', email: 'ana@example.com' });
    expect('telefono' in updateOrderBody.parse(details)).toBe(false);
    expect(updateOrderBody.parse({ ...details, telefono: '' }).telefono).toBeNull();
    expect(updateOrderBody.parse({ ...details, telefono: null }).telefono).toBeNull();
    expect(updateOrderBody.parse({ ...details, telefono: ' 600 ' }).telefono).toBe('600');
  });

  it('validates like the create body', () => {
    expect(issuesOf(updateOrderBody, { nombreCompleto: ' ', email: 'x', telefono: '1'.repeat(41) })).toEqual([
      ['nombreCompleto', 'El nombre es requerido'],
      ['email', 'Email inválido'],
      ['telefono', 'El teléfono no puede exceder 40 caracteres'],
    ]);
    expect(issuesOf(updateOrderBody, { ...details, nombreCompleto: 'a'.repeat(201) })).toEqual([
      ['nombreCompleto', 'El nombre no puede exceder 200 caracteres'],
    ]);
  });
});

describe('orderTicketTypeBody', () => {
  it('requires a positive whole ticketTypeId', () => {
    expect(orderTicketTypeBody.parse({ ticketTypeId: 1 })).toEqual({ ticketTypeId: 1 });
    for (const ticketTypeId of [undefined, null, 0, -1, 1.5, '1']) {
      expect(issuesOf(orderTicketTypeBody, { ticketTypeId }), String(ticketTypeId)).toEqual([
        ['ticketTypeId', 'Debe seleccionar un tipo de ticket'],
      ]);
    }
  });
});

describe('ordersQuery', () => {
  it('defaults to the first page of 20 with no filters', () => {
    expect(ordersQuery.parse({})).toEqual({ page: 1, limit: 20 });
  });

  it('coerces the query-string values and trims the search', () => {
    expect(
      ordersQuery.parse({
        page: '3',
        limit: '100',
        search: '  ana ',
        ticketTypeId: '9',
        desde: ' 2026-07-04 ',
        hasta: '2026-07-05T02:00:00.000Z',
      }),
    ).toEqual({
      page: 3,
      limit: 100,
      search: 'ana',
      ticketTypeId: 9,
      desde: '2026-07-04',
      hasta: '2026-07-05T02:00:00.000Z',
    });
  });

  it('treats an empty search or date as absent', () => {
    const parsed = ordersQuery.parse({ search: '   ', desde: '', hasta: '  ' });
    expect(parsed).toEqual({ page: 1, limit: 20, search: undefined, desde: undefined, hasta: undefined });
  });

  it('accepts page 1 and up only, as whole numbers', () => {
    expect(ordersQuery.parse({ page: '1' }).page).toBe(1);
    for (const page of ['0', '-1', '1.5', 'abc']) {
      expect(issuesOf(ordersQuery, { page }), page).toEqual([
        ['page', 'La página debe ser un número entero desde 1'],
      ]);
    }
  });

  it('accepts a limit from 1 to 100 only, as whole numbers', () => {
    expect(ordersQuery.parse({ limit: '1' }).limit).toBe(1);
    expect(ordersQuery.parse({ limit: 100 }).limit).toBe(100);
    for (const limit of ['0', '101', '2.5', 'x']) {
      expect(issuesOf(ordersQuery, { limit }), limit).toEqual([
        ['limit', 'El límite debe ser un número entero entre 1 y 100'],
      ]);
    }
  });

  it('limits the search to 200 characters', () => {
    expect(ordersQuery.parse({ search: ` ${'s'.repeat(200)} ` }).search).toBe('s'.repeat(200));
    expect(issuesOf(ordersQuery, { search: 's'.repeat(201) })).toEqual([
      ['search', 'La búsqueda es demasiado larga'],
    ]);
  });

  it('requires a positive whole ticketTypeId filter', () => {
    expect(ordersQuery.parse({ ticketTypeId: '1' }).ticketTypeId).toBe(1);
    for (const ticketTypeId of ['0', '-3', '1.5', 'abc']) {
      expect(issuesOf(ordersQuery, { ticketTypeId }), ticketTypeId).toEqual([
        ['ticketTypeId', 'Debe seleccionar un tipo de ticket'],
      ]);
    }
  });

  it('accepts real calendar days and ISO instants as dates', () => {
    for (const value of ['2026-02-28', '2024-02-29', '2026-12-31', '2026-01-01', '2026-07-04T18:00+02:00']) {
      expect(ordersQuery.parse({ desde: value, hasta: value }), value).toEqual({
        page: 1,
        limit: 20,
        desde: value,
        hasta: value,
      });
    }
  });

  it('rejects days that do not exist and other text, on the field given', () => {
    for (const value of [
      '2026-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-01-00',
      '2026-1-01',
      'x2026-01-01',
      '2026-01-01x',
      '04/07/2026',
      'ayer',
      '2026-07-04T25:00:00Z',
    ]) {
      expect(issuesOf(ordersQuery, { desde: value }), value).toEqual([
        ['desde', 'La fecha "desde" no es válida'],
      ]);
      expect(issuesOf(ordersQuery, { hasta: value }), value).toEqual([
        ['hasta', 'La fecha "hasta" no es válida'],
      ]);
    }
  });
});

describe('createTicketBody', () => {
  it('defaults the state to activo', () => {
    expect(createTicketBody.parse({ pedidoId: 1, ticketTypeId: 2 })).toEqual({
      pedidoId: 1,
      ticketTypeId: 2,
      estado: 'activo',
    });
    expect(createTicketBody.parse({ pedidoId: 1, ticketTypeId: 2, estado: 'invalidado' }).estado).toBe(
      'invalidado',
    );
  });

  it('reports each invalid field with its message', () => {
    expect(issuesOf(createTicketBody, { pedidoId: 0, ticketTypeId: -1, estado: 'usado' })).toEqual([
      ['pedidoId', 'El pedido es obligatorio'],
      ['ticketTypeId', 'Debe seleccionar un tipo de ticket'],
      ['estado', 'El estado debe ser activo o invalidado'],
    ]);
    expect(issuesOf(createTicketBody, { pedidoId: 1.5 })).toEqual([
      ['pedidoId', 'El pedido es obligatorio'],
      ['ticketTypeId', 'Debe seleccionar un tipo de ticket'],
    ]);
  });
});

describe('response schemas', () => {
  const aTicket = {
    id: 1,
    pedidoId: 2,
    ticketTypeId: 3,
    estado: 'activo',
    qrCode: 'QR',
    enlaceInvitado: '/t/token',
    createdAt: '2026-07-04T18:00:00.000Z',
  };
  const aPedido = {
    id: 2,
    eventoId: 5,
    nombreCompleto: 'Ana',
    email: 'ana@example.com',
    telefono: null,
    creadoPor: 'organizador',
    createdAt: '2026-07-04T18:00:00.000Z',
    evento: { id: 5, nombre: 'Fiesta', fechaInicio: '2026-07-04T18:00:00.000Z' },
    tipoTicket: null,
    totalTickets: 0,
    envio: { estado: 'sin_enviar', intentos: 0, enviadoEn: null, ultimoError: null },
    whatsappEnviadoEn: null,
    telefonoWhatsapp: null,
  };

  it('parses tickets, orders and pages as the API sends them', () => {
    expect(ticket.parse(aTicket)).toEqual(aTicket);
    expect(ticket.safeParse({ ...aTicket, estado: 'usado' }).success).toBe(false);
    expect(pedido.parse(aPedido)).toEqual(aPedido);
    const withType = { ...aPedido, telefono: '600', tipoTicket: { id: 3, nombre: 'VIP' } };
    expect(pedido.parse(withType)).toEqual(withType);
    expect(pedidoCreated.parse({ ...aPedido, tickets: [aTicket] })).toEqual({
      ...aPedido,
      tickets: [aTicket],
    });
    expect(pedidoCreated.safeParse(aPedido).success).toBe(false);
    const page = { pedidos: [aPedido], total: 1, page: 1, limit: 20 };
    expect(ordersPage.parse(page)).toEqual(page);
    const aConsumo = {
      id: 1,
      tipoBebida: 'cerveza',
      timestamp: '2026-07-04T19:00:00.000Z',
      barra: 'Terraza',
    };
    expect(consumo.parse(aConsumo)).toEqual(aConsumo);
  });

  it('parses a ticket detail with its type and scans', () => {
    const detail = {
      ...aTicket,
      tipoTicket: {
        id: 3,
        eventoId: 5,
        nombre: 'VIP',
        modo: 'por_cantidad',
        maxDrinks: 4,
        drinkIntervalMinutes: null,
        durationMinutes: null,
        drinkType: 'todo',
        validoDesde: '2026-07-04T18:00:00.000Z',
        validoHasta: '2026-07-05T02:00:00.000Z',
        maxDrinksPerDay: null,
        barrasPermitidas: null,
      },
      totalConsumos: 2,
      ultimoConsumo: null,
    };
    const result = ticketDetail.safeParse(detail);
    expect(result.error?.issues).toBeUndefined();
    expect(ticketDetail.safeParse({ ...detail, totalConsumos: undefined }).success).toBe(false);
  });
});

describe('rechazo (a refused scan in the scan log)', () => {
  it('carries when, why and at which bar', () => {
    const row = { id: 4, timestamp: '2026-07-04T22:00:00.000Z', reason: 'agotado', barra: 'Norte' };
    expect(rechazo.parse(row)).toEqual(row);
    expect(rechazo.parse({ ...row, barra: null })).toEqual({ ...row, barra: null });
    expect(rechazo.safeParse({ ...row, reason: undefined }).success).toBe(false);
    expect(rechazo.safeParse({ ...row, barra: undefined }).success).toBe(false);
  });
});
