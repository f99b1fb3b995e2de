import { ticketTypeBody, tipoTicket } from '@drinkflow/domain/ticket-types';
import { deletedResponse } from '@drinkflow/domain/responses';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { eventoIdParams, idParams } from '../../http/params';
import { currentUser } from '../auth';

export function registerTicketTypeRoutes({ app, services, guards }: AppContext): void {
  const types = services.ticketTypes;
  // onRequest, not preHandler: the session is checked before params and body are validated, so an
  // anonymous caller gets 401 whatever they send. The organizer area's list needs the role; the
  // others, the caller's role in the event (docs/rules/team.md).
  const organizer = guards.requireRole('organizer', 'admin');
  const onRequest = guards.organizerOrTeam;
  const list = { 200: z.array(tipoTicket) };

  app.get(
    '/api/tipos-ticket/all/organizer',
    { onRequest: organizer, schema: { response: list } },
    async (request) => types.listForOrganizer(currentUser(request)),
  );

  app.get(
    '/api/tipos-ticket/single/:id',
    { onRequest, schema: { params: idParams, response: { 200: tipoTicket } } },
    async (request) => types.get(currentUser(request), request.params.id),
  );

  app.get(
    '/api/tipos-ticket/:eventoId',
    { onRequest, schema: { params: eventoIdParams, response: list } },
    async (request) => types.listForEvent(currentUser(request), request.params.eventoId),
  );

  app.post(
    '/api/tipos-ticket',
    { onRequest, schema: { body: ticketTypeBody, response: { 201: tipoTicket } } },
    async (request, reply) => reply.code(201).send(await types.create(currentUser(request), request.body)),
  );

  app.put(
    '/api/tipos-ticket/:id',
    { onRequest, schema: { params: idParams, body: ticketTypeBody, response: { 200: tipoTicket } } },
    async (request) => types.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/tipos-ticket/:id',
    { onRequest, schema: { params: idParams, response: { 200: deletedResponse } } },
    async (request) => {
      await types.remove(currentUser(request), request.params.id);
      return { message: 'Tipo de ticket eliminado', id: request.params.id };
    },
  );
}
