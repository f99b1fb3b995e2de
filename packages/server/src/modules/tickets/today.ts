import { dailyAllowance, drinksToday, nextCutoff, type DayTopUp } from '@drinkflow/domain/daily-cutoff';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { consumos, eventos, recargas } from '../../db/schema';

/**
 * A ticket's festival day as the scanner counts it (docs/rules/festivals.md, docs/decisions/063):
 * what the order detail, the guest page and the top-up dialog show beside "Hoy: 2 de 4".
 */

/** Each ticket's top-ups 'Usables también hoy' with when they were made (rule 7 counts them). */
export async function dayTopUpsOf(executor: Db | Tx, ticketIds: number[]): Promise<Map<number, DayTopUp[]>> {
  const byTicket = new Map<number, DayTopUp[]>();
  if (ticketIds.length === 0) return byTicket;
  const rows = await executor
    .select({ ticketId: recargas.ticketId, at: recargas.createdAt, bebidas: recargas.bebidas })
    .from(recargas)
    .where(and(inArray(recargas.ticketId, ticketIds), eq(recargas.paraHoy, true)));
  for (const { ticketId, at, bebidas } of rows) {
    byTicket.set(ticketId, [...(byTicket.get(ticketId) ?? []), { at, bebidas }]);
  }
  return byTicket;
}

/** A ticket of a type with a per-day limit, as `ticketDaysOf` takes it. */
export interface PerDayTicket {
  id: number;
  maxDrinksPerDay: number;
  validoHasta: Date;
}

/** One ticket's festival day at a moment. */
export interface TicketDay {
  /** Drinks served in it. */
  bebidasHoy: number;
  /** Its limit: the type's per-day limit plus its top-ups 'Usables también hoy'. */
  limiteHoy: number;
  /** When it ends (the next cut-off); null when the ticket is no longer valid by then. */
  proximoCorte: Date | null;
}

/**
 * The festival day `at` falls on for each per-day ticket of event `eventoId`, counted by the
 * scanner's own rules (the event's cut-off in `timeZone`): three small reads, whatever the count.
 */
export async function ticketDaysOf(
  executor: Db | Tx,
  eventoId: number,
  perDay: readonly PerDayTicket[],
  at: Date,
  timeZone: string,
): Promise<Map<number, TicketDay>> {
  const days = new Map<number, TicketDay>();
  if (perDay.length === 0) return days;
  const ids = perDay.map((ticket) => ticket.id);
  const [evento] = await executor
    .select({ corteDiario: eventos.corteDiario })
    .from(eventos)
    .where(eq(eventos.id, eventoId));
  const drinks = await executor
    .select({ ticketId: consumos.ticketId, timestamp: consumos.timestamp })
    .from(consumos)
    .where(inArray(consumos.ticketId, ids));
  const topUps = await dayTopUpsOf(executor, ids);
  const corteDiario = evento?.corteDiario;
  const next = nextCutoff(at, corteDiario, timeZone);
  for (const ticket of perDay) {
    const times = drinks.filter((drink) => drink.ticketId === ticket.id).map((drink) => drink.timestamp);
    days.set(ticket.id, {
      bebidasHoy: drinksToday(times, at, corteDiario, timeZone),
      limiteHoy: dailyAllowance(ticket.maxDrinksPerDay, topUps.get(ticket.id), at, corteDiario, timeZone),
      proximoCorte: next.getTime() > ticket.validoHasta.getTime() ? null : next,
    });
  }
  return days;
}
