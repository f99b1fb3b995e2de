import type { User } from '@drinkflow/domain/auth';
import type { EventCapability } from '@drinkflow/domain/team';
import { DEFAULT_TIME_ZONE } from '@drinkflow/domain/dates';
import type { Consumo, Rechazo, Ticket, TicketDetail } from '@drinkflow/domain/orders';
import { and, asc, count, desc, eq, max } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { consumos, pedidos, scanLog, tickets, tiposTicket } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { requireEvent } from '../events';
import { findOrder, issueTickets, newGuestToken, newQrCode, ticketTypeOfEvent, toTicket } from '../orders';
import { toTipoTicket } from '../ticket-types';
import { ticketDaysOf, type PerDayTicket } from './today';

export const TICKET_NOT_FOUND = 'Ticket no encontrado';
const ONLY_ACTIVE_QR = 'Solo se puede regenerar el QR de un ticket activo';

export interface TicketServiceOptions {
  /** Time zone of the event's daily cut-off (APP_TIME_ZONE). */
  timeZone?: string;
  /** The clock of "today" (the scanner's in tests); omitted, the server's. */
  now?: () => Date;
}

export function createTicketService(
  db: Db,
  { timeZone = DEFAULT_TIME_ZONE, now = () => new Date() }: TicketServiceOptions = {},
) {
  /**
   * One ticket whose event the user may use for `capability`, locked when asked; 404 when it does not
   * exist or the event is not theirs, 403 when their role lacks it (docs/rules/team.md).
   */
  async function findTicket(
    executor: Db | Tx,
    user: User,
    id: number,
    capability: EventCapability,
    lock = false,
  ) {
    const query = executor
      .select({ ticket: tickets, eventoId: pedidos.eventoId })
      .from(tickets)
      .innerJoin(pedidos, eq(pedidos.id, tickets.pedidoId))
      .where(eq(tickets.id, id))
      .limit(1);
    const [row] = lock ? await query.for('update', { of: tickets }) : await query;
    if (!row) throw notFound(TICKET_NOT_FOUND);
    await requireEvent(executor, user, row.eventoId, capability, null, TICKET_NOT_FOUND);
    return row.ticket;
  }

  async function setEstado(user: User, id: number, estado: 'activo' | 'invalidado'): Promise<Ticket> {
    return db.transaction(async (tx) => {
      await findTicket(tx, user, id, 'gestionar', true);
      const [row] = await tx.update(tickets).set({ estado }).where(eq(tickets.id, id)).returning();
      return toTicket(row!);
    });
  }

  return {
    findTicket,

    /** The order's tickets with their type and scan summary (order detail). */
    async listForOrder(user: User, pedidoId: number): Promise<TicketDetail[]> {
      const at = now();
      const { pedido } = await findOrder(db, user, pedidoId, 'ver');
      const rows = await db
        .select({
          ticket: tickets,
          tipo: tiposTicket,
          totalConsumos: count(consumos.id),
          ultimoConsumo: max(consumos.timestamp),
        })
        .from(tickets)
        .innerJoin(tiposTicket, eq(tiposTicket.id, tickets.ticketTypeId))
        .leftJoin(consumos, eq(consumos.ticketId, tickets.id))
        .where(eq(tickets.pedidoId, pedidoId))
        .groupBy(tickets.id, tiposTicket.id)
        .orderBy(asc(tickets.id));
      // "Hoy: 2 de 4" (docs/rules/festivals.md) of the tickets whose type has a per-day limit, counted
      // by the scanner's own rules, today's top-ups 'Usables también hoy' included (docs/decisions/063).
      const perDay = rows.flatMap(({ ticket, tipo }): PerDayTicket[] =>
        tipo.maxDrinksPerDay === null
          ? []
          : [{ id: ticket.id, maxDrinksPerDay: tipo.maxDrinksPerDay, validoHasta: tipo.validoHasta }],
      );
      const today = await ticketDaysOf(db, pedido.eventoId, perDay, at, timeZone);
      return rows.map((row) => {
        const detail: TicketDetail = {
          ...toTicket(row.ticket),
          tipoTicket: toTipoTicket(row.tipo),
          totalConsumos: row.totalConsumos,
          ultimoConsumo: row.ultimoConsumo ? new Date(row.ultimoConsumo).toISOString() : null,
        };
        // Only for a type with a per-day limit: other answers stay as they were.
        const day = today.get(row.ticket.id);
        if (day && row.tipo.maxDrinksPerDay !== null) {
          detail.bebidasHoy = day.bebidasHoy;
          detail.maxDrinksPerDay = row.tipo.maxDrinksPerDay;
          if (day.limiteHoy !== row.tipo.maxDrinksPerDay) detail.limiteHoy = day.limiteHoy;
        }
        return detail;
      });
    },

    /** One more ticket for an order (docs/rules/api-conventions.md: one call per unit); its type must be of the order's event. */
    async create(
      user: User,
      body: { pedidoId: number; ticketTypeId: number; estado: 'activo' | 'invalidado' },
    ): Promise<Ticket> {
      return db.transaction(async (tx) => {
        const { pedido } = await findOrder(tx, user, body.pedidoId, 'gestionar', true);
        await ticketTypeOfEvent(tx, body.ticketTypeId, pedido.eventoId);
        const [row] = await issueTickets(tx, pedido, body.ticketTypeId, 1, body.estado);
        return toTicket(row!);
      });
    },

    invalidate: (user: User, id: number) => setEstado(user, id, 'invalidado'),
    reactivate: (user: User, id: number) => setEstado(user, id, 'activo'),

    /**
     * A new QR secret and guest link; the old QR stops scanning and the old link answers 404 at
     * once (docs/rules/guests.md). Only for an active ticket (409).
     */
    async regenerateQr(user: User, id: number): Promise<Ticket> {
      return db.transaction(async (tx) => {
        const ticket = await findTicket(tx, user, id, 'gestionar', true);
        if (ticket.estado !== 'activo') throw conflict(ONLY_ACTIVE_QR);
        const [row] = await tx
          .update(tickets)
          .set({ qrCode: newQrCode(), guestToken: newGuestToken() })
          .where(eq(tickets.id, id))
          .returning();
        return toTicket(row!);
      });
    },

    async consumptions(user: User, id: number): Promise<Consumo[]> {
      await findTicket(db, user, id, 'ver');
      const rows = await db
        .select()
        .from(consumos)
        .where(eq(consumos.ticketId, id))
        .orderBy(desc(consumos.timestamp), desc(consumos.id));
      return rows.map((row) => ({
        id: row.id,
        tipoBebida: row.tipoBebida,
        timestamp: row.timestamp.toISOString(),
        barra: row.barra,
      }));
    },

    /** The ticket's refused scans, newest first (the undo rows are not scans). */
    async refusals(user: User, id: number): Promise<Rechazo[]> {
      await findTicket(db, user, id, 'ver');
      const rows = await db
        .select({
          id: scanLog.id,
          createdAt: scanLog.createdAt,
          reason: scanLog.reason,
          barra: scanLog.barra,
        })
        .from(scanLog)
        .where(and(eq(scanLog.ticketId, id), eq(scanLog.accion, 'consumo'), eq(scanLog.allowed, false)))
        .orderBy(desc(scanLog.createdAt), desc(scanLog.id));
      return rows.map((row) => ({
        id: row.id,
        timestamp: row.createdAt.toISOString(),
        reason: row.reason,
        barra: row.barra,
      }));
    },
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
