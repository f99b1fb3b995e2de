import { expect, type APIRequestContext } from '@playwright/test';
import { uniqueEmail } from './accounts';

const HOUR = 60 * 60 * 1000;

export async function createEventThroughApi(
  request: APIRequestContext,
  token: string,
  overrides: Partial<{ nombre: string; ubicacion: string; fechaInicio: string; fechaFin: string }> = {},
) {
  const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 24 * HOUR);
  const response = await request.post('/api/eventos', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      nombre: 'Evento de prueba',
      ubicacion: 'Sala Principal, Madrid',
      fechaInicio: start.toISOString(),
      fechaFin: new Date(start.getTime() + 6 * HOUR).toISOString(),
      ...overrides,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as {
    id: number;
    nombre: string;
    apiKey: string;
    fechaInicio: string;
    fechaFin: string;
  };
}

/** A ticket type for the whole event: por_cantidad, 4 drinks of any kind, unless overridden. */
export async function createTicketTypeThroughApi(
  request: APIRequestContext,
  token: string,
  evento: { id: number; fechaInicio: string; fechaFin: string },
  overrides: Record<string, unknown> = {},
) {
  const response = await request.post('/api/tipos-ticket', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      eventoId: evento.id,
      nombre: 'Entrada General',
      modo: 'por_cantidad',
      maxDrinks: 4,
      drinkType: 'todo',
      validoDesde: evento.fechaInicio,
      validoHasta: evento.fechaFin,
      ...overrides,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; nombre: string };
}

/** An order and its tickets, in one call as the web app makes it (docs/rules/orders-and-tickets.md). */
export async function createOrderThroughApi(
  request: APIRequestContext,
  token: string,
  body: {
    eventoId: number;
    nombreCompleto: string;
    email: string;
    telefono?: string;
    ticketTypeId: number;
    quantity: number;
  },
) {
  const response = await request.post('/api/pedidos', {
    headers: { authorization: `Bearer ${token}` },
    data: body,
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; tickets: { id: number; qrCode: string }[] };
}

/**
 * An event going on now (from an hour ago to five hours from now), one ticket type (4 drinks unless
 * `maxDrinks` says otherwise) and one order of `quantity` tickets: what a bar can scan at once.
 */
export async function createLiveEventWithTickets(
  request: APIRequestContext,
  token: string,
  options: { nombre?: string; maxDrinks?: number; quantity?: number; nombreCompleto?: string } = {},
) {
  const evento = await createEventThroughApi(request, token, {
    ...(options.nombre ? { nombre: options.nombre } : {}),
    fechaInicio: new Date(Date.now() - HOUR).toISOString(),
    fechaFin: new Date(Date.now() + 5 * HOUR).toISOString(),
  });
  const tipo = await createTicketTypeThroughApi(request, token, evento, {
    maxDrinks: options.maxDrinks ?? 4,
  });
  const pedido = await createOrderThroughApi(request, token, {
    eventoId: evento.id,
    nombreCompleto: options.nombreCompleto ?? 'Lucía Fernández',
    email: uniqueEmail('invitada'),
    ticketTypeId: tipo.id,
    quantity: options.quantity ?? 1,
  });
  return { evento, tipo, pedido };
}
