import type { PedidoCreated, Ticket } from '@drinkflow/domain/orders';
import type { TeamMember, TeamRole } from '@drinkflow/domain/team';
import type { Evento } from '@drinkflow/domain/events';
import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { expect } from 'vitest';
import { type Account, signIn } from '../support/accounts';
import { call } from '../support/api';
import { createEvent } from '../support/events';
import { createOrder } from '../support/orders';
import type { TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { uniqueEmail } from '../support/unique-values';

/** Who calls in the role matrix: the owner, one member per team role, another organizer, an admin. */
export type Who = 'propietario' | TeamRole | 'ajeno' | 'admin';
export const everyone: readonly Who[] = [
  'ajeno',
  'barra',
  'supervisor',
  'admin',
  'coorganizador',
  'propietario',
];

export type People = Record<Who, Account>;

/**
 * The accounts of the matrix. The supervisor and the bar have bar-staff (`scanner`) accounts, as
 * an invitation creates them; the coorganizer an organizer's.
 */
export async function people(t: TestApp): Promise<People> {
  return {
    propietario: await signIn(t.db, 'organizer', 'Dueña'),
    coorganizador: await signIn(t.db, 'organizer', 'Coorganizadora'),
    supervisor: await signIn(t.db, 'scanner', 'Supervisora'),
    barra: await signIn(t.db, 'scanner', 'Camarero'),
    ajeno: await signIn(t.db, 'organizer', 'Otro'),
    admin: await signIn(t.db, 'admin', 'Administradora'),
  };
}

/** POST /api/eventos/{id}/equipo as `who`; fails the test unless it answers 201. */
export async function addMember(
  t: TestApp,
  who: Account,
  eventoId: number,
  email: string,
  rol: TeamRole,
): Promise<TeamMember> {
  const res = await call(t, who, 'POST', `/api/eventos/${eventoId}/equipo`, { email, rol });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TeamMember>();
}

export interface SharedEvent {
  evento: Evento;
  tipo: TipoTicket;
  /** A type without tickets, which may be deleted. */
  tipoLibre: TipoTicket;
  pedido: PedidoCreated;
  ticket: Ticket;
  /** A pending member (no account), which may be removed or changed. */
  pendiente: TeamMember;
}

/** The owner's event with a bar, a type, an order with one ticket, and the team of `people`. */
export async function sharedEvent(t: TestApp, who: People): Promise<SharedEvent> {
  const owner = who.propietario;
  const evento = await createEvent(t, owner, { barras: ['Barra 1'] });
  const tipo = await createTicketType(t, owner, evento);
  const tipoLibre = await createTicketType(t, owner, evento, { nombre: 'Sin usar' });
  const pedido = await createOrder(t, owner, { evento, tipo });
  for (const rol of ['coorganizador', 'supervisor', 'barra'] as const)
    await addMember(t, owner, evento.id, who[rol].user.email, rol);
  const pendiente = await addMember(t, owner, evento.id, uniqueEmail('pendiente'), 'barra');
  return { evento, tipo, tipoLibre, pedido, ticket: pedido.tickets[0]!, pendiente };
}
