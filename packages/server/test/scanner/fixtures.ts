import { randomUUID } from 'node:crypto';
import type { Evento } from '@drinkflow/domain/events';
import type { PedidoCreated, Ticket } from '@drinkflow/domain/orders';
import type { ScanResult } from '@drinkflow/domain/scanner';
import type { TicketTypeInput, TipoTicket } from '@drinkflow/domain/ticket-types';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../src/app';
import type { Db } from '../../src/db/client';
import { consumos, scanLog } from '../../src/db/schema';
import { type Account, signIn } from '../support/accounts';
import { openTestDatabase } from '../support/database';
import { createEvent } from '../support/events';
import type { TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { HOUR } from '../support/time';
import { uniqueEmail } from '../support/unique-values';
import { createOrder } from '../orders/fixtures';

export { HOUR, MINUTE } from '../support/time';

/**
 * The clock the scanner rules read (`buildApp({ now })`): frozen at an instant the test chooses,
 * so interval, validity and undo-window cases need no sleeping. `reset()` sets it to the real time.
 */
export class TestClock {
  private at = Date.now();
  readonly now = () => new Date(this.at);
  reset(): Date {
    this.at = Date.now();
    return this.now();
  }
  set(instant: Date | string | number): void {
    this.at = new Date(instant).getTime();
  }
  advance(ms: number): Date {
    this.at += ms;
    return this.now();
  }
  iso(): string {
    return new Date(this.at).toISOString();
  }
}

export interface ScannerTestApp extends TestApp {
  clock: TestClock;
}

/**
 * The whole API on a fresh database with the scanner's options: a controllable clock and, when
 * given, a rate limit per API key and client address (`undefined` keeps the server's default).
 */
export async function createScannerApp(
  options: {
    scannerRateLimit?: number;
    scannerAddressLimit?: number;
    /** `database`: no test clock, drinks take the database's time (as in production). */
    clock?: 'test' | 'database';
    /** Tickets the process remembers (SCANNER_KNOWN_TICKETS); `undefined` keeps the default. */
    scannerKnownTickets?: number;
  } = {},
): Promise<ScannerTestApp> {
  const database = await openTestDatabase();
  const clock = new TestClock();
  try {
    const app = await buildApp({
      db: database.db,
      demo: false,
      ...(options.clock === 'database' ? {} : { now: clock.now }),
      ...(options.scannerRateLimit === undefined ? {} : { scannerRateLimit: options.scannerRateLimit }),
      ...(options.scannerAddressLimit === undefined
        ? {}
        : { scannerAddressLimit: options.scannerAddressLimit }),
      ...(options.scannerKnownTickets === undefined
        ? {}
        : { scannerKnownTickets: options.scannerKnownTickets }),
    });
    await app.ready();
    return {
      app,
      db: database.db,
      database,
      clock,
      async close() {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

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

/** An email and phone for an order, unique per call, to search for in scanner answers. */
export const uniqueContact = () => ({
  email: uniqueEmail('privada'),
  telefono: `+34 6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
});

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

export const consumoRows = (db: Db, ticketId: number) =>
  db.select().from(consumos).where(eq(consumos.ticketId, ticketId)).orderBy(asc(consumos.id));

export const consumoRowsOfEvent = (db: Db, eventoId: number) =>
  db.select().from(consumos).where(eq(consumos.eventoId, eventoId)).orderBy(asc(consumos.id));

export const scanLogRows = (db: Db, eventoId: number) =>
  db.select().from(scanLog).where(eq(scanLog.eventoId, eventoId)).orderBy(asc(scanLog.id));

/** How many responses had each status code. */
export function tally(responses: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

/**
 * Waits, if needed, until the current fixed one-minute window has at least `needMs` left, so a
 * burst that checks an exact rate-limit count does not straddle two windows.
 */
export async function awayFromMinuteBoundary(needMs = 5_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
