import {
  createOrderBody,
  orderTicketTypeBody,
  ordersPage,
  ordersQuery,
  pedido,
  pedidoCreated,
  updateOrderBody,
} from '@drinkflow/domain/orders';
import { deletedResponse } from '@drinkflow/domain/responses';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { pedidos } from '../../db/schema';
import { eventoIdParams, idParams } from '../../http/params';
import { currentUser } from '../auth';
import { findOrder } from './queries';

export function registerOrderRoutes({ app, db, services, guards }: AppContext): void {
  const { orders, printing } = services;
  // Session and role before params and body (docs/decisions/007). The organizer area's list needs
  // the role; the others, the caller's role in the order's event (docs/rules/team.md).
  const organizer = guards.requireRole('organizer', 'admin');
  const onRequest = guards.organizerOrTeam;

  app.get(
    '/api/pedidos/all/organizer',
    { onRequest: organizer, schema: { querystring: ordersQuery, response: { 200: ordersPage } } },
    async (request) => orders.listForOrganizer(currentUser(request), request.query),
  );

  app.get(
    '/api/pedidos/:eventoId',
    {
      onRequest,
      schema: { params: eventoIdParams, querystring: ordersQuery, response: { 200: ordersPage } },
    },
    async (request) => orders.listForEvent(currentUser(request), request.params.eventoId, request.query),
  );

  app.get(
    '/api/pedido/:id',
    { onRequest, schema: { params: idParams, response: { 200: pedido } } },
    async (request) => orders.get(currentUser(request), request.params.id),
  );

  app.post(
    '/api/pedidos',
    { onRequest, schema: { body: createOrderBody, response: { 201: pedidoCreated } } },
    async (request, reply) => reply.code(201).send(await orders.create(currentUser(request), request.body)),
  );

  app.put(
    '/api/pedidos/:id',
    { onRequest, schema: { params: idParams, body: updateOrderBody, response: { 200: pedido } } },
    async (request) => orders.update(currentUser(request), request.params.id, request.body),
  );

  app.put(
    '/api/pedidos/:id/ticket-type',
    { onRequest, schema: { params: idParams, body: orderTicketTypeBody, response: { 200: pedido } } },
    async (request) =>
      orders.changeTicketType(currentUser(request), request.params.id, request.body.ticketTypeId),
  );

  app.delete(
    '/api/pedidos/:id',
    { onRequest, schema: { params: idParams, response: { 200: deletedResponse } } },
    async (request) => {
      await orders.remove(currentUser(request), request.params.id);
      return { message: 'El pedido y todos sus tickets han sido eliminados.', id: request.params.id };
    },
  );

  app.get('/api/pedidos/:id/pdf', { onRequest, schema: { params: idParams } }, async (request, reply) => {
    const { pedido: order } = await findOrder(db, currentUser(request), request.params.id, 'ver');
    return printing.send(
      reply,
      eq(pedidos.id, order.id),
      `pedido-${order.id}.pdf`,
      'No hay tickets para este pedido',
    );
  });
}
