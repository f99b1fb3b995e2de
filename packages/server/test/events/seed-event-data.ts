import type { Evento } from '@drinkflow/domain/events';
import type { Account } from '../support/accounts';
import { insertConsumos, insertOrder, insertScan, insertTicket } from '../support/stored-rows';
import type { TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';

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
