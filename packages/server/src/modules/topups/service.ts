import type { User } from '@drinkflow/domain/auth';
import { topUpMessages, type Recarga, type TopUpValues } from '@drinkflow/domain/topups';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { eventos, pedidos, recargas, tickets, tiposTicket, users } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { readableBy } from '../events/service';
import { TICKET_NOT_FOUND } from '../tickets/service';

type RecargaRow = typeof recargas.$inferSelect & { creadoPorNombre: string | null };

const toRecarga = (row: RecargaRow): Recarga => ({
  id: row.id,
  ticketId: row.ticketId,
  bebidas: row.bebidas,
  // numeric(10,2) arrives as text ("12.50"): a JSON number on the wire (DECISIONS §15).
  importe: row.importe === null ? null : Number(row.importe),
  metodo: row.metodo,
  nota: row.nota,
  creadoPor: row.creadoPorNombre === null ? null : { nombre: row.creadoPorNombre },
  createdAt: row.createdAt.toISOString(),
});

/**
 * Top-ups of a ticket (DECISIONS §15, docs/decisions/046): the event's organizer or an admin
 * (another organizer's ticket → 404, as if it did not exist).
 */
export function createTopUpService(db: Db) {
  /** The ticket with its event and type, if `user` may read its event; locked `for update` when asked. */
  async function findTicket(executor: Db | Tx, user: User, id: number, lock: boolean) {
    const query = executor
      .select({
        id: tickets.id,
        estado: tickets.estado,
        eventoId: pedidos.eventoId,
        modo: tiposTicket.modo,
        maxDrinks: tiposTicket.maxDrinks,
      })
      .from(tickets)
      .innerJoin(pedidos, eq(pedidos.id, tickets.pedidoId))
      .innerJoin(eventos, eq(eventos.id, pedidos.eventoId))
      .innerJoin(tiposTicket, eq(tiposTicket.id, tickets.ticketTypeId))
      .where(and(eq(tickets.id, id), readableBy(user)))
      .limit(1);
    // Only the ticket row: the scanner locks it too (and nothing before it), so the two never deadlock.
    const [row] = lock ? await query.for('update', { of: tickets }) : await query;
    if (!row) throw notFound(TICKET_NOT_FOUND);
    return row;
  }

  const selectRecargas = (executor: Db | Tx) =>
    executor
      .select({
        id: recargas.id,
        ticketId: recargas.ticketId,
        eventoId: recargas.eventoId,
        bebidas: recargas.bebidas,
        importe: recargas.importe,
        metodo: recargas.metodo,
        nota: recargas.nota,
        creadoPor: recargas.creadoPor,
        createdAt: recargas.createdAt,
        creadoPorNombre: users.nombre,
      })
      .from(recargas)
      .leftJoin(users, eq(users.id, recargas.creadoPor));

  return {
    /**
     * Adds `bebidas` to the ticket's limit in one transaction: the ticket row is locked first (the
     * scanner's consume locks the same row and records a drink only at the version it decided on,
     * so a top-up and a drink never race), then the top-up is stored and summed into
     * `tickets.recargas_bebidas`.
     */
    async create(user: User, ticketId: number, body: TopUpValues): Promise<Recarga> {
      return db.transaction(async (tx) => {
        const ticket = await findTicket(tx, user, ticketId, true);
        if (ticket.modo === 'temporal' || ticket.maxDrinks === null)
          throw badRequest(topUpMessages.notLimited);
        if (ticket.estado === 'invalidado') throw badRequest(topUpMessages.invalidated);
        const [inserted] = await tx
          .insert(recargas)
          .values({
            ticketId: ticket.id,
            eventoId: ticket.eventoId,
            bebidas: body.bebidas,
            // Two decimals at most (the schema checked): the text PostgreSQL stores exactly.
            importe: body.importe === undefined ? null : body.importe.toFixed(2),
            metodo: body.metodo ?? null,
            nota: body.nota ?? null,
            creadoPor: user.id,
          })
          .returning();
        await tx
          .update(tickets)
          .set({ recargasBebidas: sql`${tickets.recargasBebidas} + ${body.bebidas}` })
          .where(eq(tickets.id, ticket.id));
        return toRecarga({ ...inserted!, creadoPorNombre: user.nombre });
      });
    },

    /** The ticket's top-ups, newest first. */
    async list(user: User, ticketId: number): Promise<Recarga[]> {
      const ticket = await findTicket(db, user, ticketId, false);
      const rows = await selectRecargas(db)
        .where(eq(recargas.ticketId, ticket.id))
        .orderBy(desc(recargas.createdAt), desc(recargas.id));
      return rows.map(toRecarga);
    },
  };
}

export type TopUpService = ReturnType<typeof createTopUpService>;
