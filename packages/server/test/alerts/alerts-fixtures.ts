import type { AlertRules, EventAlerts } from '@drinkflow/domain/alerts';
import type { Evento } from '@drinkflow/domain/events';
import { expect } from 'vitest';
import type { Account } from '../support/accounts';
import { call } from '../support/api';
import type { Db } from '../../src/db/client';
import { createEvent } from '../support/events';
import { insertOrder, insertTicket } from '../support/stored-rows';
import { insertScanLog, insertTicketType } from '../support/stats-night';
import type { TestApp } from '../support/test-app';
import { HOUR, MINUTE } from '../support/time';

// An event's alert thresholds, read and set through the API, and the scans that cross them.

export const minutesAgo = (minutes: number, from = Date.now()) =>
  new Date(from - minutes * MINUTE).toISOString();

export const noRules: AlertRules = {
  rechazosPorTicket: null,
  consumosPorHora: null,
  minutosSinEscanear: null,
  deshechosPorBarra: null,
};

/** An event of `owner` running now, with one ticket of Ana Pérez. */
export async function runningEvent(
  t: TestApp,
  owner: Account,
): Promise<{ evento: Evento; ticketId: number; qrCode: string }> {
  const evento = await createEvent(t, owner, {
    fechaInicio: new Date(Date.now() - 3 * HOUR).toISOString(),
    fechaFin: new Date(Date.now() + 3 * HOUR).toISOString(),
  });
  const tipo = await insertTicketType(t.db, evento.id, {
    nombre: 'General',
    modo: 'por_cantidad',
    maxDrinks: 2,
  });
  const pedido = await insertOrder(t.db, evento.id, 'Ana Pérez');
  const ticket = await insertTicket(t.db, pedido.id, tipo.id);
  return { evento, ticketId: ticket.id, qrCode: ticket.qrCode };
}

export const putRules = (t: TestApp, who: Account | null, id: number, body: unknown) =>
  call(t, who, 'PUT', `/api/eventos/${id}/alertas/reglas`, body);

export async function setRules(t: TestApp, owner: Account, id: number, rules: Partial<AlertRules>) {
  const res = await putRules(t, owner, id, { ...noRules, ...rules });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventAlerts>();
}

export async function alertsOf(t: TestApp, who: Account, id: number): Promise<EventAlerts> {
  const res = await call(t, who, 'GET', `/api/eventos/${id}/alertas`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventAlerts>();
}

/** The undo of a drink, as the scanner logs it (`accion = 'deshacer'`), `minutes` ago. */
export const undo = (db: Db, eventoId: number, ticketId: number, minutes: number, barra: string | null) =>
  insertScanLog(db, eventoId, {
    ticketId,
    accion: 'deshacer',
    allowed: true,
    reason: 'deshecho',
    barra,
    at: minutesAgo(minutes),
  });

/** A scan refused as 'agotado', `minutes` ago. */
export const refuse = (db: Db, eventoId: number, ticketId: number, minutes: number, barra = 'Barra 1') =>
  insertScanLog(db, eventoId, {
    ticketId,
    allowed: false,
    reason: 'agotado',
    barra,
    at: minutesAgo(minutes),
  });
