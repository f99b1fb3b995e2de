import type { User } from '@drinkflow/domain/auth';
import type { EventCapability } from '@drinkflow/domain/team';
import {
  EVENT_TOP_UPS_LIST_LIMIT,
  topUpMetodos,
  topUpMessages,
  type EventTopUps,
  type Recarga,
  type TopUpMetodo,
  type TopUpToday,
  type TopUpValues,
} from '@drinkflow/domain/topups';
import { DEFAULT_TIME_ZONE } from '@drinkflow/domain/dates';
import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pedidos, recargas, tickets, tiposTicket, users } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { requireEvent, type EventService } from '../events';
import type { ScanNotifier } from '../stats-stream';
import { TICKET_NOT_FOUND, ticketDaysOf } from '../tickets';

type RecargaRow = typeof recargas.$inferSelect & { creadoPorNombre: string | null };

const toRecarga = (row: RecargaRow): Recarga => ({
  id: row.id,
  ticketId: row.ticketId,
  bebidas: row.bebidas,
  // numeric(10,2) arrives as text ("12.50"): a JSON number on the wire (docs/rules/festivals.md).
  importe: row.importe === null ? null : Number(row.importe),
  metodo: row.metodo,
  nota: row.nota,
  creadoPor: row.creadoPorNombre === null ? null : { nombre: row.creadoPorNombre },
  paraHoy: row.paraHoy,
  createdAt: row.createdAt.toISOString(),
});

/** One group of the event's top-up totals: a payment method (null = none given), or the total. */
interface TotalsRow extends Record<string, unknown> {
  metodo: TopUpMetodo | null;
  /** 1 on the grand total's row (`grouping(metodo)`). */
  total: number;
  recargas: number;
  bebidas: number;
  /** numeric, as text: summed exactly by the database. */
  importe: string;
}

/** The event's top-ups by payment method and in total, in one statement (`grouping sets`). */
const totalsQuery = (eventoId: number) => sql`
  select metodo, grouping(metodo)::int as total, count(*)::int as recargas,
         coalesce(sum(bebidas), 0)::int as bebidas, coalesce(sum(importe), 0)::text as importe
  from recargas where evento_id = ${eventoId}
  group by grouping sets ((metodo), ())`;

const toTotals = (row: TotalsRow | undefined) => ({
  recargas: row?.recargas ?? 0,
  bebidas: row?.bebidas ?? 0,
  importe: Number(row?.importe ?? 0),
});

export interface TopUpServiceOptions {
  /** Told after each top-up commits, so the live statistics refresh (stats-stream). */
  notifier?: Pick<ScanNotifier, 'scanned'>;
  /** Who may read an event's top-ups (`forEvent`). */
  events?: Pick<EventService, 'findFor'>;
  /** Time zone of the event's daily cut-off (APP_TIME_ZONE). */
  timeZone?: string;
  /** The clock of "today" (the scanner's in tests); omitted, the server's. */
  now?: () => Date;
}

/**
 * Top-ups of a ticket (docs/rules/festivals.md, docs/decisions/046): the event's organizer or an admin
 * (another organizer's ticket → 404, as if it did not exist).
 */
export function createTopUpService(
  db: Db,
  { notifier, events, timeZone = DEFAULT_TIME_ZONE, now }: TopUpServiceOptions = {},
) {
  /**
   * The ticket with its event and type, if `user` may use its event for `capability`
   * (docs/rules/team.md); locked `for update` when asked.
   */
  async function findTicket(
    executor: Db | Tx,
    user: User,
    id: number,
    capability: EventCapability,
    lock: boolean,
  ) {
    const query = executor
      .select({
        id: tickets.id,
        estado: tickets.estado,
        eventoId: pedidos.eventoId,
        modo: tiposTicket.modo,
        maxDrinks: tiposTicket.maxDrinks,
        maxDrinksPerDay: tiposTicket.maxDrinksPerDay,
        validoHasta: tiposTicket.validoHasta,
      })
      .from(tickets)
      .innerJoin(pedidos, eq(pedidos.id, tickets.pedidoId))
      .innerJoin(tiposTicket, eq(tiposTicket.id, tickets.ticketTypeId))
      .where(eq(tickets.id, id))
      .limit(1);
    // Only the ticket row: the scanner locks it too (and nothing before it), so the two never deadlock.
    const [row] = lock ? await query.for('update', { of: tickets }) : await query;
    if (!row) throw notFound(TICKET_NOT_FOUND);
    await requireEvent(executor, user, row.eventoId, capability, null, TICKET_NOT_FOUND);
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
        paraHoy: recargas.paraHoy,
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
     * `tickets.recargas_bebidas`. `paraHoy` is kept only where it means something: a type with a
     * per-day limit, whose limit it then raises for the festival day of `created_at` (docs/decisions/063).
     */
    async create(user: User, ticketId: number, body: TopUpValues): Promise<Recarga> {
      const { recarga, eventoId } = await db.transaction(async (tx) => {
        const ticket = await findTicket(tx, user, ticketId, 'recargas', true);
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
            paraHoy: body.paraHoy && ticket.maxDrinksPerDay !== null,
            // The app's clock when it has one (the scanner's in tests): the top-up's festival day
            // is then the one its drinks are judged in. Otherwise the database's time.
            ...(now ? { createdAt: now() } : {}),
          })
          .returning();
        await tx
          .update(tickets)
          .set({ recargasBebidas: sql`${tickets.recargasBebidas} + ${body.bebidas}` })
          .where(eq(tickets.id, ticket.id));
        return {
          recarga: toRecarga({ ...inserted!, creadoPorNombre: user.nombre }),
          eventoId: ticket.eventoId,
        };
      });
      // Committed: the live statistics (their `recargas`, and the ticket now no longer agotado)
      // refresh as after a scan, on every server process (docs/decisions/021, 046).
      notifier?.scanned(eventoId);
      return recarga;
    },

    /**
     * The ticket's festival day for the top-up dialog (docs/decisions/063): drinks today, today's
     * limit and when the next day starts; `hoy` null for a type without a per-day limit.
     */
    async today(user: User, ticketId: number): Promise<TopUpToday> {
      const ticket = await findTicket(db, user, ticketId, 'recargas', false);
      if (ticket.maxDrinksPerDay === null) return { hoy: null };
      const { maxDrinksPerDay } = ticket;
      const days = await ticketDaysOf(
        db,
        ticket.eventoId,
        [{ id: ticket.id, maxDrinksPerDay, validoHasta: ticket.validoHasta }],
        now?.() ?? new Date(),
        timeZone,
      );
      const day = days.get(ticket.id)!;
      return {
        hoy: {
          bebidasHoy: day.bebidasHoy,
          maxDrinksPerDay,
          limiteHoy: day.limiteHoy,
          proximoCorte: day.proximoCorte?.toISOString() ?? null,
        },
      };
    },

    /** The ticket's top-ups, newest first. */
    async list(user: User, ticketId: number): Promise<Recarga[]> {
      const ticket = await findTicket(db, user, ticketId, 'recargas', false);
      const rows = await selectRecargas(db)
        .where(eq(recargas.ticketId, ticket.id))
        .orderBy(desc(recargas.createdAt), desc(recargas.id));
      return rows.map(toRecarga);
    },

    /**
     * An event's top-ups for its printable report: totals, totals by payment method and the newest
     * EVENT_TOP_UPS_LIST_LIMIT with holder and ticket type, oldest first — from one snapshot, so
     * the figures and the list agree. The event's organizer or an admin; 404 otherwise.
     */
    async forEvent(user: User, eventoId: number): Promise<EventTopUps> {
      if (!events) throw new Error('topups: forEvent needs the event service');
      const evento = await events.findFor(user, eventoId, 'estadisticas');
      const [totals, rows] = await db.transaction(
        async (tx) => {
          const result = await tx.execute<TotalsRow>(totalsQuery(evento.id));
          const list = await tx
            .select({
              ...getTableColumns(recargas),
              creadoPorNombre: users.nombre,
              titular: pedidos.nombreCompleto,
              tipoTicket: tiposTicket.nombre,
            })
            .from(recargas)
            .leftJoin(users, eq(users.id, recargas.creadoPor))
            .innerJoin(tickets, eq(tickets.id, recargas.ticketId))
            .innerJoin(pedidos, eq(pedidos.id, tickets.pedidoId))
            .innerJoin(tiposTicket, eq(tiposTicket.id, tickets.ticketTypeId))
            .where(eq(recargas.eventoId, evento.id))
            .orderBy(desc(recargas.createdAt), desc(recargas.id))
            .limit(EVENT_TOP_UPS_LIST_LIMIT);
          return [(result as unknown as { rows: TotalsRow[] }).rows, list] as const;
        },
        { accessMode: 'read only', isolationLevel: 'repeatable read' },
      );
      const byMethod = (metodo: TopUpMetodo | null) =>
        totals.find((row) => row.total === 0 && row.metodo === metodo);
      const unnamed = byMethod(null);
      return {
        total: toTotals(totals.find((row) => row.total === 1)),
        porMetodo: [
          ...topUpMetodos.map((metodo) => ({ metodo, ...toTotals(byMethod(metodo)) })),
          ...(unnamed ? [{ metodo: null, ...toTotals(unnamed) }] : []),
        ],
        recargas: rows.reverse().map(({ titular, tipoTicket, ...row }) => ({
          ...toRecarga(row),
          titular,
          tipoTicket,
        })),
      };
    },
  };
}

export type TopUpService = ReturnType<typeof createTopUpService>;
