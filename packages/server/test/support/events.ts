import type { EventoDetail, EventoInput, Evento } from '@drinkflow/domain/events';
import { expect } from 'vitest';
import type { Account } from './accounts';
import { call } from './api';
import type { TestApp } from './test-app';
import { hoursFromNow } from './time';

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
