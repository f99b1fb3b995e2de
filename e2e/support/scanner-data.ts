import { expect, type APIRequestContext } from '@playwright/test';
import { createEventThroughApi, createOrderThroughApi, createTicketTypeThroughApi } from './api-data';

/*
 * Data for the scanner journeys, made through the organizer API: an event going on now (it began
 * three hours ago and ends in three), ticket types with whatever rule the journey needs, and
 * tickets with their QR codes.
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export type LiveEvent = Awaited<ReturnType<typeof createEventThroughApi>>;

/** An event from three hours ago to three hours from now, so validity windows can lie on either side. */
export function createLiveEvent(request: APIRequestContext, token: string, nombre = 'Fiesta en la Terraza') {
  const now = Date.now();
  return createEventThroughApi(request, token, {
    nombre,
    ubicacion: 'Terraza del Casino, Sevilla',
    fechaInicio: new Date(now - 3 * HOUR).toISOString(),
    fechaFin: new Date(now + 3 * HOUR).toISOString(),
  });
}

export interface Ticket {
  id: number;
  qrCode: string;
}

/**
 * One ticket of a new ticket type of `evento` (por_cantidad, 4 drinks of any kind, the whole
 * event, unless `tipo` says otherwise) for `titular`.
 */
export async function createTicket(
  request: APIRequestContext,
  token: string,
  evento: LiveEvent,
  tipo: Record<string, unknown> = {},
  titular = 'Carmen Vidal',
): Promise<Ticket> {
  const type = await createTicketTypeThroughApi(request, token, evento, tipo);
  const order = await createOrderThroughApi(request, token, {
    eventoId: evento.id,
    nombreCompleto: titular,
    email: `${titular
      .normalize('NFD')
      .replace(/[^A-Za-z]+/g, '.')
      .toLowerCase()}@example.com`,
    ticketTypeId: type.id,
    quantity: 1,
  });
  const [ticket] = order.tickets;
  return { id: ticket!.id, qrCode: ticket!.qrCode };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export async function invalidateTicket(request: APIRequestContext, token: string, id: number) {
  const response = await request.patch(`/api/tickets/${id}/invalidate`, { headers: auth(token) });
  expect(response.status()).toBe(200);
}

/** The drinks recorded for a ticket, as the organizer's API reports them. */
export async function consumosOf(request: APIRequestContext, token: string, id: number) {
  const response = await request.get(`/api/tickets/${id}/consumos`, { headers: auth(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as { tipoBebida: string; barra: string | null }[];
}

/** The ticket's PDF, as the organizer downloads it. */
export async function ticketPdf(request: APIRequestContext, token: string, id: number): Promise<Buffer> {
  const response = await request.get(`/api/tickets/${id}/pdf`, { headers: auth(token) });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  return response.body();
}
