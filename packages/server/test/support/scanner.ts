import { randomUUID } from 'node:crypto';
import type { Evento } from '@drinkflow/domain/events';
import type { PedidoCreated, Ticket } from '@drinkflow/domain/orders';
import type { ScanResult } from '@drinkflow/domain/scanner';
import type { TicketTypeInput, TipoTicket } from '@drinkflow/domain/ticket-types';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type Account, signIn } from './accounts';
import { createEvent } from './events';
import { createOrder } from './orders';
import type { ScannerTestApp } from './scanner-app';
import type { TestApp } from './test-app';
import { createTicketType } from './ticket-types';
import { HOUR } from './time';

/**
 * The four public scanner calls for one API key, from one client address; with `deviceId`, every
 * call names the device in the X-Device-Id header, as the scanner page does.
 */
export function scannerClient(t: TestApp, apiKey: string, remoteAddress = '127.0.0.1', deviceId?: string) {
  const base = `/api/scanner/${encodeURIComponent(apiKey)}`;
  const headers = deviceId === undefined ? {} : { 'x-device-id': deviceId };
  return {
    event: () => t.app.inject({ method: 'GET', url: `${base}/event`, remoteAddress, headers }),
    ticket: (qrCode: string) =>
      t.app.inject({
        method: 'GET',
        url: `${base}/ticket/${encodeURIComponent(qrCode)}`,
        remoteAddress,
        headers,
      }),
    consume: (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `${base}/consume`, payload: body, remoteAddress, headers }),
    undo: (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `${base}/undo`, payload: body, remoteAddress, headers }),
  };
}

export type ScannerClient = ReturnType<typeof scannerClient>;

export interface ScannerSetup {
  owner: Account;
  evento: Evento;
  tipo: TipoTicket;
  pedido: PedidoCreated;
  tickets: Ticket[];
  /** The first ticket (the only one unless `quantity` was given). */
  ticket: Ticket;
  scanner: ScannerClient;
}

let counter = 0;

/**
 * An organizer's event running from 1 h before the clock to 5 h after it, one ticket type
 * (`por_cantidad`, 4 drinks, `todo`, valid the whole event unless overridden) and one order of
 * `quantity` tickets, through the organizer API.
 */
export async function scannerSetup(
  t: ScannerTestApp,
  options: {
    tipo?: Partial<TicketTypeInput> & Record<string, unknown>;
    quantity?: number;
    owner?: Account;
    order?: Record<string, unknown>;
    remoteAddress?: string;
  } = {},
): Promise<ScannerSetup> {
  const owner = options.owner ?? (await signIn(t.db, 'organizer', 'Dueña'));
  const at = t.clock.now().getTime();
  const evento = await createEvent(t, owner, {
    nombre: `Fiesta del escáner ${++counter}`,
    ubicacion: 'Sala Apolo, Barcelona',
    fechaInicio: new Date(at - HOUR).toISOString(),
    fechaFin: new Date(at + 5 * HOUR).toISOString(),
  });
  const tipo = await createTicketType(t, owner, evento, { nombre: `Entrada ${counter}`, ...options.tipo });
  const pedido = await createOrder(
    t,
    owner,
    { evento, tipo },
    { quantity: options.quantity ?? 1, nombreCompleto: 'Lucía Fernández', ...options.order },
  );
  return {
    owner,
    evento,
    tipo,
    pedido,
    tickets: pedido.tickets,
    ticket: pedido.tickets[0]!,
    scanner: scannerClient(t, evento.apiKey, options.remoteAddress),
  };
}

/** A client-generated scan id, as the scanner page makes them. */
export const newScanId = () => randomUUID();

/** A 200 scan decision; returns the decision (the body without the ticket, see `decisionOf`). */
export function expectScan(res: LightMyRequestResponse, expected: Partial<ScanResult> = {}): ScanResult {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json()).toMatchObject(expected);
  return decisionOf(res);
}

/**
 * A consume answer's decision: the body without the ticket as it is now (`ticket`, `tipoTicket`,
 * `consumos`), which every consume answer carries (docs/decisions/029).
 */
export function decisionOf(
  res: LightMyRequestResponse,
): Omit<ScanResult, 'ticket' | 'tipoTicket' | 'consumos'> {
  const { ticket: _ticket, tipoTicket: _tipo, consumos: _consumos, ...decision } = res.json<ScanResult>();
  return decision;
}
