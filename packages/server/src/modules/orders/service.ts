import type { User } from '@drinkflow/domain/auth';
import type {
  CreateOrderValues,
  OrdersPage,
  Pedido,
  PedidoCreated,
  updateOrderBody,
} from '@drinkflow/domain/orders';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { eventos, pedidos, tickets } from '../../db/schema';
import { teamScope, type EventService } from '../events';
import { issueTickets, ticketTypeOfEvent, toTicket } from './issue';
import { findOrder, orderColumns, orderFilters, withSummaries, type OrdersFilter } from './queries';

export function createOrderService(db: Db, events: EventService, timeZone: string) {
  async function page(scope: ReturnType<typeof orderFilters>, filter: OrdersFilter): Promise<OrdersPage> {
    const [rows, [total]] = await Promise.all([
      db
        .select(orderColumns)
        .from(pedidos)
        .innerJoin(eventos, eq(eventos.id, pedidos.eventoId))
        .where(scope)
        // Newest first; the orders of one guest-list import share their time and keep the file's order.
        .orderBy(desc(pedidos.createdAt), asc(pedidos.id))
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit),
      db
        .select({ n: count() })
        .from(pedidos)
        .innerJoin(eventos, eq(eventos.id, pedidos.eventoId))
        .where(scope),
    ]);
    return {
      pedidos: await withSummaries(db, rows),
      total: total!.n,
      page: filter.page,
      limit: filter.limit,
    };
  }

  async function read(user: User, id: number): Promise<Pedido> {
    const [summary] = await withSummaries(db, [await findOrder(db, user, id, 'ver')]);
    return summary!;
  }

  return {
    async listForEvent(user: User, eventoId: number, filter: OrdersFilter): Promise<OrdersPage> {
      await events.findReadable(user, eventoId);
      return page(orderFilters(eq(pedidos.eventoId, eventoId), filter, timeZone), filter);
    },

    /**
     * Every order of the user's own events and of those shared with them (an admin's own too: the
     * organizer area's view).
     */
    listForOrganizer(user: User, filter: OrdersFilter): Promise<OrdersPage> {
      return page(orderFilters(teamScope(user, 'ver'), filter, timeZone), filter);
    },

    get: read,

    /** The order and, with a ticket type, all its tickets: one transaction (docs/rules/orders-and-tickets.md). */
    async create(user: User, values: CreateOrderValues): Promise<PedidoCreated> {
      const created = await db.transaction(async (tx) => {
        await events.findWritable(user, values.eventoId, tx);
        if (values.ticketTypeId) await ticketTypeOfEvent(tx, values.ticketTypeId, values.eventoId);
        const [pedido] = await tx
          .insert(pedidos)
          .values({
            eventoId: values.eventoId,
            nombreCompleto: values.nombreCompleto,
            email: values.email,
            telefono: values.telefono,
            creadoPor: 'organizador',
          })
          .returning();
        const issued = values.ticketTypeId
          ? await issueTickets(tx, pedido!, values.ticketTypeId, values.quantity ?? 1)
          : [];
        return { pedido: pedido!, issued };
      });
      const summary = await read(user, created.pedido.id);
      return { ...summary, tickets: created.issued.map(toTicket) };
    },

    async update(user: User, id: number, values: z.output<typeof updateOrderBody>): Promise<Pedido> {
      await db.transaction(async (tx) => {
        await findOrder(tx, user, id, 'gestionar', true);
        await tx
          .update(pedidos)
          .set({
            nombreCompleto: values.nombreCompleto,
            email: values.email,
            ...(values.telefono !== undefined ? { telefono: values.telefono } : {}),
          })
          .where(eq(pedidos.id, id));
      });
      return read(user, id);
    },

    /** Moves every ticket of the order to another type of the same event. */
    async changeTicketType(user: User, id: number, ticketTypeId: number): Promise<Pedido> {
      await db.transaction(async (tx) => {
        const { pedido } = await findOrder(tx, user, id, 'gestionar', true);
        await ticketTypeOfEvent(tx, ticketTypeId, pedido.eventoId);
        await tx.update(tickets).set({ ticketTypeId }).where(eq(tickets.pedidoId, id));
      });
      return read(user, id);
    },

    /** Deletes the order with its tickets and their consumptions; the scan log keeps its rows. */
    async remove(user: User, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await findOrder(tx, user, id, 'gestionar', true);
        await tx.delete(pedidos).where(eq(pedidos.id, id));
      });
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
