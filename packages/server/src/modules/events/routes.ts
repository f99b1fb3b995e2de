import { apiKeyBody, apiKeyResponse, evento, eventoBody, eventoDetail } from '@drinkflow/domain/events';
import { renameBarBody } from '@drinkflow/domain/event-bars';
import { deletedResponse } from '@drinkflow/domain/responses';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { idParams, userIdParams } from '../../http/params';
import { currentUser } from '../auth';
import { renameBar } from './bars';

export function registerEventRoutes({ app, db, services, guards }: AppContext): void {
  const { events } = services;
  // onRequest, not preHandler: the session and role are checked before params and body are validated,
  // so an anonymous caller gets 401 and a scanner 403 whatever they send.
  const organizer = guards.requireRole('organizer', 'admin');
  // One event's routes: the session before params and body; the caller's role in the event decides
  // in the handler (docs/rules/team.md), so a team member with a bar-staff account gets in too.
  const onRequest = guards.organizerOrTeam;

  app.get(
    '/api/eventos/:userId',
    { onRequest: organizer, schema: { params: userIdParams, response: { 200: z.array(evento) } } },
    async (request) => events.list(currentUser(request), request.params.userId),
  );

  const detailRoute = { onRequest, schema: { params: idParams, response: { 200: eventoDetail } } };
  app.get('/api/eventos/single/:id', detailRoute, async (request) =>
    events.detail(currentUser(request), request.params.id),
  );
  app.get('/api/evento/:id', detailRoute, async (request) =>
    events.detail(currentUser(request), request.params.id),
  );

  app.post(
    '/api/eventos',
    { onRequest: organizer, schema: { body: eventoBody, response: { 201: evento } } },
    async (request, reply) => reply.code(201).send(await events.create(currentUser(request), request.body)),
  );

  app.put(
    '/api/eventos/:id',
    { onRequest, schema: { params: idParams, body: eventoBody, response: { 200: evento } } },
    async (request) => events.update(currentUser(request), request.params.id, request.body),
  );

  // Renames a bar everywhere the event uses it (docs/rules/festivals.md).
  app.patch(
    '/api/eventos/:id/barras',
    { onRequest, schema: { params: idParams, body: renameBarBody, response: { 200: evento } } },
    async (request) => renameBar(db, events, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/eventos/:id',
    { onRequest, schema: { params: idParams, response: { 200: deletedResponse } } },
    async (request) => {
      await events.remove(currentUser(request), request.params.id);
      return { message: 'El evento ha sido eliminado exitosamente.', id: request.params.id };
    },
  );

  app.put(
    '/api/eventos/:id/api-key',
    { onRequest, schema: { params: idParams, body: apiKeyBody, response: { 200: apiKeyResponse } } },
    async (request) => events.setApiKey(currentUser(request), request.params.id, request.body.apiKey),
  );

  app.patch(
    '/api/eventos/:id/regenerate-api-key',
    { onRequest, schema: { params: idParams, response: { 200: apiKeyResponse } } },
    async (request) => events.regenerateApiKey(currentUser(request), request.params.id),
  );
}
