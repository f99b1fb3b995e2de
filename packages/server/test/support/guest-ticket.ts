import type { GuestTicket } from '@drinkflow/domain/guest-ticket';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { consumos, eventos, tiposTicket } from '../../src/db/schema';
import { scannerSetup, type ScannerSetup } from './scanner';
import type { ScannerTestApp } from './scanner-app';
import { HOUR } from './time';
import type { TestApp } from './test-app';

/** The token of a ticket's `enlaceInvitado` ('/t/<token>'). */
export function tokenOf(enlaceInvitado: string): string {
  const match = /^\/t\/([A-Za-z0-9_-]+)$/.exec(enlaceInvitado);
  if (!match) throw new Error(`not a guest link: ${enlaceInvitado}`);
  return match[1]!;
}

/** GET /api/t/{token} without a session, from `remoteAddress` (default 127.0.0.1). */
export const guestGet = (t: TestApp, token: string, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: `/api/t/${token}`, remoteAddress });

/** A 200 guest answer; returns its body. */
export function expectGuest(res: LightMyRequestResponse, expected: Partial<GuestTicket> = {}): GuestTicket {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<GuestTicket>();
  expect(body).toMatchObject(expected);
  return body;
}

/**
 * A festival ticket (docs/rules/festivals.md): scannerSetup's order with the event and the ticket type valid
 * for two days from the clock, the type's `maxDrinksPerDay` and, when given, the event's cut-off,
 * set in the database as the festival screens would.
 */
export async function festivalSetup(
  t: ScannerTestApp,
  options: { maxDrinksPerDay: number | null; corteDiario?: string; maxDrinks?: number },
): Promise<ScannerSetup> {
  const setup = await scannerSetup(t, { tipo: { modo: 'por_cantidad', maxDrinks: options.maxDrinks ?? 10 } });
  const end = new Date(t.clock.now().getTime() + 48 * HOUR);
  await t.db
    .update(eventos)
    .set({ fechaFin: end, ...(options.corteDiario ? { corteDiario: options.corteDiario } : {}) })
    .where(eq(eventos.id, setup.evento.id));
  await t.db
    .update(tiposTicket)
    .set({ validoHasta: end, maxDrinksPerDay: options.maxDrinksPerDay })
    .where(eq(tiposTicket.id, setup.tipo.id));
  return setup;
}

/** A drink recorded at a chosen instant, as the scanner stores one. */
export async function drinkAt(t: TestApp, setup: Pick<ScannerSetup, 'evento' | 'ticket'>, iso: string) {
  await t.db.insert(consumos).values({
    eventoId: setup.evento.id,
    ticketId: setup.ticket.id,
    tipoBebida: 'copa',
    timestamp: new Date(iso),
  });
}
