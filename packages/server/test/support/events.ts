import { randomBytes } from 'node:crypto';
import type { Rol, User } from '@drinkflow/domain/auth';
import type { EventoDetail, EventoInput, Evento } from '@drinkflow/domain/events';
import type { TicketTypeInput, TipoTicket } from '@drinkflow/domain/ticket-types';
import { asc, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import {
  consumos,
  eventos,
  pedidos,
  scanLog,
  sessions,
  tickets,
  tiposTicket,
  users,
} from '../../src/db/schema';
import { toUser } from '../../src/modules/auth/service';
import { hashToken } from '../../src/modules/auth/tokens';
import { authHeader, expectValidationError, uniqueEmail } from '../setup/helpers';
import type { TestApp } from '../setup/test-app';

export const HOUR = 60 * 60 * 1000;
export const MINUTE = 60 * 1000;

/** An instant `hours` from now, as the wire carries it. */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
export const plusMinutes = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * MINUTE).toISOString();

/** A secret as docs/rules/api-conventions.md wants it: URL-safe and at least 128 bits (22 base64url characters). */
export const URL_SAFE_SECRET = /^[A-Za-z0-9_-]{22,}$/;

export interface Account {
  user: User;
  token: string;
  headers: Record<string, string>;
}

/**
 * A user of `rol` with a live session, written straight to the database: password hashing and the
 * login route are the auth suites' business, and skipping them keeps these suites fast.
 */
export async function signIn(db: Db, rol: Rol = 'organizer', nombre = 'Prueba'): Promise<Account> {
  const [row] = await db
    .insert(users)
    .values({ email: uniqueEmail(rol), nombre, apellido: null, rol, passwordHash: 'sin-contraseña' })
    .returning();
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(sessions)
    .values({ userId: row!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 24 * HOUR) });
  return { user: toUser(row!), token, headers: authHeader(token) };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One API call as `who` (an account, or anonymous when null). */
export function call(
  t: TestApp,
  who: Account | null,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A valid create/update body for an event that starts tomorrow and lasts six hours. */
export const eventBody = (overrides: Partial<EventoInput> & Record<string, unknown> = {}) => ({
  nombre: 'Fiesta de verano',
  ubicacion: 'Sala Apolo, Barcelona',
  fechaInicio: hoursFromNow(24),
  fechaFin: hoursFromNow(30),
  notas: 'Entrada por la puerta lateral',
  esPrivado: false,
  ...overrides,
});

/** POST /api/eventos as `who`; fails the test unless it answers 201. */
export async function createEvent(
  t: TestApp,
  who: Account,
  overrides: Partial<EventoInput> & Record<string, unknown> = {},
): Promise<Evento> {
  const res = await call(t, who, 'POST', '/api/eventos', eventBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Evento>();
}

/** GET /api/eventos/single/{id} as `who`; fails the test unless it answers 200. */
export async function getEvent(t: TestApp, who: Account, id: number): Promise<EventoDetail> {
  const res = await call(t, who, 'GET', `/api/eventos/single/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventoDetail>();
}

/** A valid `por_cantidad` ticket-type body covering the whole event. */
export const ticketTypeBody = (
  evento: Pick<Evento, 'id' | 'fechaInicio' | 'fechaFin'>,
  overrides: Partial<TicketTypeInput> & Record<string, unknown> = {},
) => ({
  eventoId: evento.id,
  nombre: 'Entrada general',
  modo: 'por_cantidad',
  maxDrinks: 4,
  drinkIntervalMinutes: null,
  durationMinutes: null,
  drinkType: 'todo',
  validoDesde: evento.fechaInicio,
  validoHasta: evento.fechaFin,
  ...overrides,
});

/** POST /api/tipos-ticket as `who`; fails the test unless it answers 201. */
export async function createTicketType(
  t: TestApp,
  who: Account,
  evento: Pick<Evento, 'id' | 'fechaInicio' | 'fechaFin'>,
  overrides: Partial<TicketTypeInput> & Record<string, unknown> = {},
): Promise<TipoTicket> {
  const res = await call(t, who, 'POST', '/api/tipos-ticket', ticketTypeBody(evento, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TipoTicket>();
}

/** A 400 `validation_error` with exactly this `{field, message}` among its details. */
export function expectFieldError(res: LightMyRequestResponse, field: string, message: string) {
  const body = expectValidationError(res, field);
  expect(body.details).toContainEqual({ field, message });
  return body;
}

// ---------------------------------------------------------------------------------------------
// Orders, tickets, consumptions and scan log, written straight to the database (their API is
// another module's); the event and ticket-type suites only need them to exist.

export async function insertOrder(db: Db, eventoId: number, nombreCompleto = 'Ana Pérez') {
  const [row] = await db
    .insert(pedidos)
    .values({ eventoId, nombreCompleto, email: uniqueEmail('cliente') })
    .returning();
  return row!;
}

export async function insertTicket(
  db: Db,
  pedidoId: number,
  ticketTypeId: number,
  estado: 'activo' | 'invalidado' = 'activo',
) {
  const [row] = await db
    .insert(tickets)
    .values({ pedidoId, ticketTypeId, estado, qrCode: randomBytes(24).toString('base64url') })
    .returning();
  return row!;
}

export async function insertConsumos(db: Db, eventoId: number, ticketId: number, n: number) {
  for (let i = 0; i < n; i++) {
    await db.insert(consumos).values({
      eventoId,
      ticketId,
      tipoBebida: i % 2 ? 'cerveza' : 'copa',
      timestamp: new Date(Date.now() - (n - i) * MINUTE),
    });
  }
}

export async function insertScan(db: Db, eventoId: number, ticket: { id: number; qrCode: string }) {
  await db.insert(scanLog).values({
    eventoId,
    ticketId: ticket.id,
    qrCode: ticket.qrCode,
    tipoBebida: 'copa',
    allowed: true,
    reason: 'ok',
    response: { success: true, canConsume: true, message: 'Consumo registrado', reason: 'ok' },
  });
}

/**
 * Gives `evento` (which must belong to `owner`) a ticket type, two orders with three tickets
 * (one invalidated), consumptions and scan-log rows: something in every table that hangs off an event.
 */
export async function seedEventData(t: TestApp, owner: Account, evento: Evento) {
  const tipo = await createTicketType(t, owner, evento, { nombre: `Tipo de ${evento.nombre}` });
  const first = await insertOrder(t.db, evento.id, 'Carlos Ruiz');
  const second = await insertOrder(t.db, evento.id, 'Elena Martín');
  const active = await insertTicket(t.db, first.id, tipo.id);
  const other = await insertTicket(t.db, first.id, tipo.id);
  const invalid = await insertTicket(t.db, second.id, tipo.id, 'invalidado');
  await insertConsumos(t.db, evento.id, active.id, 2);
  await insertConsumos(t.db, evento.id, invalid.id, 1);
  await insertScan(t.db, evento.id, active);
  await insertScan(t.db, evento.id, invalid);
  return {
    tipo,
    pedidoIds: [first.id, second.id],
    ticketIds: [active.id, other.id, invalid.id],
  };
}

/** How many rows each table holds for one event. */
export async function countRowsOfEvent(db: Db, eventoId: number) {
  const pedidoIds = (
    await db.select({ id: pedidos.id }).from(pedidos).where(eq(pedidos.eventoId, eventoId))
  ).map((row) => row.id);
  const ticketRows =
    pedidoIds.length === 0
      ? []
      : await db.select({ id: tickets.id }).from(tickets).where(inArray(tickets.pedidoId, pedidoIds));
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    eventos: await count(db.select({ id: eventos.id }).from(eventos).where(eq(eventos.id, eventoId))),
    tiposTicket: await count(
      db.select({ id: tiposTicket.id }).from(tiposTicket).where(eq(tiposTicket.eventoId, eventoId)),
    ),
    pedidos: pedidoIds.length,
    tickets: ticketRows.length,
    consumos: await count(
      db.select({ id: consumos.id }).from(consumos).where(eq(consumos.eventoId, eventoId)),
    ),
    scanLog: await count(db.select({ id: scanLog.id }).from(scanLog).where(eq(scanLog.eventoId, eventoId))),
  };
}

/** Everything stored about an event (its row, ticket types, orders, tickets…), to prove nothing changed. */
export async function snapshotEvent(db: Db, eventoId: number) {
  const [evento] = await db.select().from(eventos).where(eq(eventos.id, eventoId));
  const tipos = await db
    .select()
    .from(tiposTicket)
    .where(eq(tiposTicket.eventoId, eventoId))
    .orderBy(asc(tiposTicket.id));
  return { evento, tipos, counts: await countRowsOfEvent(db, eventoId) };
}
