import { describe, expect, it } from 'vitest';
import { consumo, ordersPage, pedido, pedidoCreated, rechazo, ticket, ticketDetail } from '../src/orders';

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
