import type { Evento } from '@drinkflow/domain/events';
import type { TicketTypeInput, TipoTicket } from '@drinkflow/domain/ticket-types';
import { expect } from 'vitest';
import type { Account } from './accounts';
import { call } from './api';
import type { TestApp } from './test-app';

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
