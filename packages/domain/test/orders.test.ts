import { describe, expect, it } from 'vitest';
import {
  ORDER_QUANTITY,
  ORDERS_PAGE_LIMIT,
  createOrderBody,
  createTicketBody,
  orderMessages,
  orderTicketTypeBody,
  ordersQueryMessages,
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
