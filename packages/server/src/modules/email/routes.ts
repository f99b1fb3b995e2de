import { bulkQueued, bulkSendBody, envioProgress, orderQueued } from '@drinkflow/domain/email';
import type { AppContext } from '../../app-context';
import { idParams } from '../../http/params';
import { currentUser } from '../auth';

/**
 * POST /api/pedidos/{id}/enviar, POST /api/eventos/{id}/enviar-tickets, GET /api/eventos/{id}/envios
 * (docs/rules/guests.md, docs/decisions/042); the queue's worker is the app's (app.ts).
 */
export function registerEmailRoutes({ app, services, guards }: AppContext) {
  const service = services.email;
  // The session before params and body (docs/decisions/007); the caller's role in the event decides
  // in the handler (docs/rules/team.md), so a team member with a bar-staff account gets in too.
  const onRequest = guards.organizerOrTeam;

  app.post(
    '/api/pedidos/:id/enviar',
    { onRequest, schema: { params: idParams, response: { 202: orderQueued } } },
    async (request, reply) =>
      reply.code(202).send(await service.sendOrder(currentUser(request), request.params.id)),
  );

  app.post(
    '/api/eventos/:id/enviar-tickets',
    { onRequest, schema: { params: idParams, body: bulkSendBody, response: { 202: bulkQueued } } },
    async (request, reply) =>
      reply
        .code(202)
        .send(await service.sendEvent(currentUser(request), request.params.id, request.body.soloPendientes)),
  );

  app.get(
    '/api/eventos/:id/envios',
    { onRequest, schema: { params: idParams, response: { 200: envioProgress } } },
    async (request) => service.progress(currentUser(request), request.params.id),
  );
}
