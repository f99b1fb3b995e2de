import type { User } from '@drinkflow/domain/auth';
import { zonedDayBounds } from '@drinkflow/domain/dates';
import type { Pedido } from '@drinkflow/domain/orders';
import { normalizePhone } from '@drinkflow/domain/phone';
import { and, count, eq, exists, gte, inArray, lt, lte, min, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ordersQuery } from '@drinkflow/domain/orders';
import type { Db, Tx } from '../../db/client';
import { eventos, orderSearchText, pedidos, tickets, tiposTicket } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { EventCapability } from '@drinkflow/domain/team';
import { requireEvent } from '../events';
import { envioOf } from './email-state';

export const ORDER_NOT_FOUND = 'Pedido no encontrado';
export type OrdersFilter = z.output<typeof ordersQuery>;
type PedidoRow = typeof pedidos.$inferSelect;
type EventSummary = { id: number; nombre: string; fechaInicio: Date };

const eventSummary = { id: eventos.id, nombre: eventos.nombre, fechaInicio: eventos.fechaInicio };

/** `%` and `_` typed by a person are letters, not wildcards. */
const likePattern = (text: string) => `%${text.toLocaleLowerCase('es').replace(/[\\%_]/g, '\\$&')}%`;

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * A day filter reads a whole day in the app's time zone; an exact instant is taken as is. A `hasta`
 * day ends before the next day's first instant (timestamps have microseconds, not only milliseconds).
 */
function dateFilter(desde: string | undefined, hasta: string | undefined, timeZone: string) {
  const from = desde ? (isDay(desde) ? zonedDayBounds(desde, timeZone).start : new Date(desde)) : undefined;
  const to = hasta
    ? isDay(hasta)
      ? lt(pedidos.createdAt, new Date(zonedDayBounds(hasta, timeZone).end.getTime() + 1))
      : lte(pedidos.createdAt, new Date(hasta))
    : undefined;
  return and(from ? gte(pedidos.createdAt, from) : undefined, to);
}

/** The WHERE of an order list: scope (event or all readable), search, ticket type and dates. */
export function orderFilters(
  scope: SQL | undefined,
  filter: OrdersFilter,
  timeZone: string,
): SQL | undefined {
  return and(
    scope,
    filter.search ? sql`${orderSearchText(pedidos)} like ${likePattern(filter.search)}` : undefined,
    filter.ticketTypeId
      ? exists(
          sql`(select 1 from ${tickets} where ${tickets.pedidoId} = ${pedidos.id} and ${tickets.ticketTypeId} = ${filter.ticketTypeId})`,
        )
      : undefined,
    dateFilter(filter.desde, filter.hasta, timeZone),
  );
}

/** Each order with its event, its tickets' type (docs/rules/orders-and-tickets.md) and its ticket count. */
export async function withSummaries(
  executor: Db | Tx,
  rows: { pedido: PedidoRow; evento: EventSummary }[],
): Promise<Pedido[]> {
  const ids = rows.map((row) => row.pedido.id);
  const summaries =
    ids.length === 0
      ? []
      : await executor
          .select({ pedidoId: tickets.pedidoId, total: count(), ticketTypeId: min(tickets.ticketTypeId) })
          .from(tickets)
          .where(inArray(tickets.pedidoId, ids))
          .groupBy(tickets.pedidoId);
  const envios = await envioOf(executor, ids);
  const typeIds = [...new Set(summaries.map((summary) => summary.ticketTypeId).filter((id) => id !== null))];
  const types =
    typeIds.length === 0
      ? []
      : await executor
          .select({ id: tiposTicket.id, nombre: tiposTicket.nombre })
          .from(tiposTicket)
          .where(inArray(tiposTicket.id, typeIds as number[]));
  return rows.map(({ pedido, evento }) => {
    const summary = summaries.find((candidate) => candidate.pedidoId === pedido.id);
    const tipo = types.find((candidate) => candidate.id === summary?.ticketTypeId) ?? null;
    return {
      id: pedido.id,
      eventoId: pedido.eventoId,
      nombreCompleto: pedido.nombreCompleto,
      email: pedido.email,
      telefono: pedido.telefono,
      creadoPor: pedido.creadoPor,
      createdAt: pedido.createdAt.toISOString(),
      evento: { id: evento.id, nombre: evento.nombre, fechaInicio: evento.fechaInicio.toISOString() },
      tipoTicket: tipo,
      totalTickets: summary?.total ?? 0,
      envio: envios.get(pedido.id)!,
      whatsappEnviadoEn: pedido.whatsappEnviadoEn?.toISOString() ?? null,
      telefonoWhatsapp: normalizePhone(pedido.telefono),
    };
  });
}

/**
 * One order whose event the user may use for `capability` (docs/rules/team.md), with its event;
 * 404 when it does not exist or the event is not theirs, 403 when their role lacks it.
 */
export async function findOrder(
  executor: Db | Tx,
  user: User,
  id: number,
  capability: EventCapability,
  lock = false,
) {
  const query = executor
    .select({ pedido: pedidos, evento: eventSummary })
    .from(pedidos)
    .innerJoin(eventos, eq(eventos.id, pedidos.eventoId))
    .where(eq(pedidos.id, id))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: pedidos }) : await query;
  if (!row) throw notFound(ORDER_NOT_FOUND);
  await requireEvent(executor, user, row.pedido.eventoId, capability, null, ORDER_NOT_FOUND);
  return row;
}

export const orderColumns = { pedido: pedidos, evento: eventSummary };
