import type { Evento } from '@drinkflow/domain/events';
import type { PedidoCreated } from '@drinkflow/domain/orders';
import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { expect } from 'vitest';
import { type Account, signIn } from './accounts';
import { call } from './api';
import { createEvent } from './events';
import type { TestApp } from './test-app';
import { createTicketType } from './ticket-types';
import { uniqueEmail } from './unique-values';

export interface OwnedEvent {
  owner: Account;
  evento: Evento;
  tipo: TipoTicket;
}

let counter = 0;

/** A new organizer with an event (tomorrow) and one `por_cantidad` ticket type. */
export async function ownedEvent(t: TestApp, owner?: Account): Promise<OwnedEvent> {
  const who = owner ?? (await signIn(t.db, 'organizer', 'Dueña'));
  const evento = await createEvent(t, who, { nombre: `Fiesta privada ${++counter}` });
  const tipo = await createTicketType(t, who, evento, { nombre: `Entrada ${counter}` });
  return { owner: who, evento, tipo };
}

/** A valid POST /api/pedidos body that also issues tickets. */
export const orderBody = (
  { evento, tipo }: Pick<OwnedEvent, 'evento' | 'tipo'>,
  overrides: Record<string, unknown> = {},
) => ({
  eventoId: evento.id,
  nombreCompleto: 'Lucía Fernández',
  email: uniqueEmail('invitada'),
  telefono: '+34 600 123 456',
  ticketTypeId: tipo.id,
  quantity: 1,
  ...overrides,
});

/** POST /api/pedidos as `who`; fails the test unless it answers 201. */
export async function createOrder(
  t: TestApp,
  who: Account,
  target: Pick<OwnedEvent, 'evento' | 'tipo'>,
  overrides: Record<string, unknown> = {},
): Promise<PedidoCreated> {
  const res = await call(t, who, 'POST', '/api/pedidos', orderBody(target, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PedidoCreated>();
}
