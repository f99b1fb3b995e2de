import type { User } from '@drinkflow/domain/auth';
import { eventBarMessages, unknownBars } from '@drinkflow/domain/event-bars';
import { validityOutsideEvent, type TicketTypeValues, type TipoTicket } from '@drinkflow/domain/ticket-types';
import { asc, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { eventos, tickets, tiposTicket } from '../../db/schema';
import { badRequest, conflict, isForeignKeyViolation, notFound } from '../../http/errors';
import { requireEvent, teamScope, type EventService } from '../events';

export const TICKET_TYPE_NOT_FOUND = 'Tipo de ticket no encontrado';
const IN_USE = 'No se puede eliminar un tipo de ticket que ya tiene tickets emitidos';
const MOVE_IN_USE = 'No se puede cambiar de evento un tipo de ticket que ya tiene tickets emitidos';

type TipoRow = typeof tiposTicket.$inferSelect;

export const toTipoTicket = (row: TipoRow, evento?: { nombre: string; ubicacion: string }): TipoTicket => ({
  id: row.id,
  eventoId: row.eventoId,
  nombre: row.nombre,
  modo: row.modo,
  maxDrinks: row.maxDrinks,
  drinkIntervalMinutes: row.drinkIntervalMinutes,
  durationMinutes: row.durationMinutes,
  drinkType: row.drinkType,
  validoDesde: row.validoDesde.toISOString(),
  validoHasta: row.validoHasta.toISOString(),
  maxDrinksPerDay: row.maxDrinksPerDay,
  barrasPermitidas: row.barrasPermitidas,
  ...(evento ? { evento } : {}),
});

const eventSummary = { nombre: eventos.nombre, ubicacion: eventos.ubicacion };

export function createTicketTypeService(db: Db, events: EventService) {
  /**
   * Checks the type against its event (validity inside the event; allowed bars among the event's,
   * docs/rules/festivals.md), locking the event row so that its bars cannot change before the write commits.
   */
  async function assertFitsEvent(tx: Tx, user: User, values: TicketTypeValues) {
    const evento = await events.lockWritable(user, values.eventoId, tx);
    const problems = validityOutsideEvent(values, evento);
    if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
    const unknown = unknownBars(values.barrasPermitidas ?? [], evento.barras);
    if (unknown.length > 0)
      throw badRequest(
        eventBarMessages.barraDesconocida,
        unknown.map((name) => ({
          field: 'barrasPermitidas',
          message: `${eventBarMessages.barraDesconocida}: ${name}`,
        })),
      );
  }

  /** Absent `maxDrinksPerDay` and `barrasPermitidas` are null on create and unchanged on update. */
  const toRow = (values: TicketTypeValues) => ({
    ...values,
    validoDesde: new Date(values.validoDesde),
    validoHasta: new Date(values.validoHasta),
  });

  async function findWithEvent(user: User, id: number) {
    const [row] = await db
      .select({ tipo: tiposTicket, evento: eventSummary })
      .from(tiposTicket)
      .innerJoin(eventos, eq(eventos.id, tiposTicket.eventoId))
      .where(eq(tiposTicket.id, id))
      .limit(1);
    if (!row) throw notFound(TICKET_TYPE_NOT_FOUND);
    await requireEvent(db, user, row.tipo.eventoId, 'ver', null, TICKET_TYPE_NOT_FOUND);
    return row;
  }

  /**
   * Locks a ticket type the user may change for the rest of the transaction. FOR UPDATE conflicts
   * with the key-share lock a new ticket takes on its type, so "is it in use?" cannot change under us.
   */
  async function lockWritable(tx: Tx, user: User, id: number) {
    const [tipo] = await tx.select().from(tiposTicket).where(eq(tiposTicket.id, id)).for('update').limit(1);
    if (!tipo) throw notFound(TICKET_TYPE_NOT_FOUND);
    await requireEvent(tx, user, tipo.eventoId, 'gestionar', null, TICKET_TYPE_NOT_FOUND);
    return tipo;
  }

  const ticketsOfType = async (tx: Tx, id: number) => {
    const [used] = await tx.select({ n: count() }).from(tickets).where(eq(tickets.ticketTypeId, id));
    return used!.n;
  };

  return {
    async listForEvent(user: User, eventoId: number): Promise<TipoTicket[]> {
      await events.findReadable(user, eventoId);
      const rows = await db
        .select()
        .from(tiposTicket)
        .where(eq(tiposTicket.eventoId, eventoId))
        .orderBy(asc(tiposTicket.id));
      return rows.map((row) => toTipoTicket(row));
    },

    /** Every ticket type of the user's own events and those shared with them, with the event's name and place. */
    async listForOrganizer(user: User): Promise<TipoTicket[]> {
      const rows = await db
        .select({ tipo: tiposTicket, evento: eventSummary })
        .from(tiposTicket)
        .innerJoin(eventos, eq(eventos.id, tiposTicket.eventoId))
        .where(teamScope(user, 'ver'))
        .orderBy(asc(eventos.fechaInicio), asc(tiposTicket.id));
      return rows.map((row) => toTipoTicket(row.tipo, row.evento));
    },

    async get(user: User, id: number): Promise<TipoTicket> {
      const row = await findWithEvent(user, id);
      return toTipoTicket(row.tipo, row.evento);
    },

    async create(user: User, values: TicketTypeValues): Promise<TipoTicket> {
      return db.transaction(async (tx) => {
        await assertFitsEvent(tx, user, values);
        const [row] = await tx
          .insert(tiposTicket)
          .values({
            ...toRow(values),
            maxDrinksPerDay: values.maxDrinksPerDay ?? null,
            barrasPermitidas: values.barrasPermitidas ?? null,
          })
          .returning();
        return toTipoTicket(row!);
      });
    },

    async update(user: User, id: number, values: TicketTypeValues): Promise<TipoTicket> {
      return db.transaction(async (tx) => {
        // The event row first, as an event's update or bar rename does, so the two cannot deadlock.
        const [current] = await tx
          .select({ eventoId: tiposTicket.eventoId })
          .from(tiposTicket)
          .where(eq(tiposTicket.id, id));
        if (!current) throw notFound(TICKET_TYPE_NOT_FOUND);
        await requireEvent(tx, user, current.eventoId, 'gestionar', 'update', TICKET_TYPE_NOT_FOUND);
        const tipo = await lockWritable(tx, user, id);
        // The stored bars must still be the event's when the update keeps them.
        await assertFitsEvent(tx, user, {
          ...values,
          barrasPermitidas:
            values.barrasPermitidas === undefined ? tipo.barrasPermitidas : values.barrasPermitidas,
        });
        // Tickets belong to an order of the type's event: a type in use stays with its event.
        if (values.eventoId !== tipo.eventoId && (await ticketsOfType(tx, id)) > 0)
          throw conflict(MOVE_IN_USE);
        const [row] = await tx
          .update(tiposTicket)
          .set({ ...toRow(values), updatedAt: new Date() })
          .where(eq(tiposTicket.id, id))
          .returning();
        return toTipoTicket(row!);
      });
    },

    async remove(user: User, id: number): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          await lockWritable(tx, user, id);
          if ((await ticketsOfType(tx, id)) > 0) throw conflict(IN_USE);
          await tx.delete(tiposTicket).where(eq(tiposTicket.id, id));
        });
      } catch (error) {
        // The foreign key (NO ACTION, docs/decisions/008) is the last word if a ticket got in anyway.
        if (isForeignKeyViolation(error, 'tickets_ticket_type_id_tipos_ticket_id_fk')) throw conflict(IN_USE);
        throw error;
      }
    },
  };
}
