import { consumo, createTicketBody, rechazo, ticket, ticketDetail } from '@drinkflow/domain/orders';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { pedidos, tickets } from '../../db/schema';
import { idParams, pedidoIdParams } from '../../http/params';
import { currentUser } from '../auth';

export function registerTicketRoutes({ app, db, services, guards }: AppContext): void {
  const { tickets: service, events, printing } = services;
  // The session before params and body (docs/decisions/007); the caller's role in the event decides
  // in the handler (docs/rules/team.md), so a team member with a bar-staff account gets in too.
  const onRequest = guards.organizerOrTeam;
  const oneTicket = { onRequest, schema: { params: idParams, response: { 200: ticket } } };

  app.get(
    '/api/tickets/:pedidoId',
    { onRequest, schema: { params: pedidoIdParams, response: { 200: z.array(ticketDetail) } } },
    async (request) => service.listForOrder(currentUser(request), request.params.pedidoId),
  );

  app.post(
    '/api/tickets',
    { onRequest, schema: { body: createTicketBody, response: { 201: ticket } } },
    async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body)),
  );

  app.patch('/api/tickets/:id/invalidate', oneTicket, async (request) =>
    service.invalidate(currentUser(request), request.params.id),
  );
  app.patch('/api/tickets/:id/reactivate', oneTicket, async (request) =>
    service.reactivate(currentUser(request), request.params.id),
  );
  app.patch('/api/tickets/:id/regenerate-qr', oneTicket, async (request) =>
    service.regenerateQr(currentUser(request), request.params.id),
  );

  app.get(
    '/api/tickets/:id/consumos',
    { onRequest, schema: { params: idParams, response: { 200: z.array(consumo) } } },
    async (request) => service.consumptions(currentUser(request), request.params.id),
  );

  app.get(
    '/api/tickets/:id/rechazos',
    { onRequest, schema: { params: idParams, response: { 200: z.array(rechazo) } } },
    async (request) => service.refusals(currentUser(request), request.params.id),
  );

  app.get('/api/tickets/:id/pdf', { onRequest, schema: { params: idParams } }, async (request, reply) => {
    const found = await service.findTicket(db, currentUser(request), request.params.id, 'ver');
    return printing.send(reply, eq(tickets.id, found.id), `ticket-${found.id}.pdf`, 'Ticket no encontrado');
  });

  // 'Descargar todos los tickets' of an event: one page per ticket, streamed.
  app.get(
    '/api/eventos/:id/tickets.pdf',
    { onRequest, schema: { params: idParams } },
    async (request, reply) => {
      const evento = await events.findReadable(currentUser(request), request.params.id);
      return printing.send(
        reply,
        eq(pedidos.eventoId, evento.id),
        `tickets-evento-${evento.id}.pdf`,
        'Este evento aún no tiene tickets',
      );
    },
  );
}
