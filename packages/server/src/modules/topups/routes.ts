import { eventTopUps, recarga, topUpBody, topUpToday } from '@drinkflow/domain/topups';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { idParams } from '../../http/params';
import { currentUser } from '../auth';

/**
 * Top-ups of a ticket and of an event (docs/rules/festivals.md): the event's owner, coorganizers and
 * supervisors, or an admin; other members → 403, anyone else → 404 (docs/rules/team.md).
 */
export function registerTopUpRoutes({ app, services, guards }: AppContext): void {
  const { topUps } = services;
  // The session before params and body (docs/decisions/007); the caller's role in the event decides
  // in the handler (docs/rules/team.md), so a team member with a bar-staff account gets in too.
  const onRequest = guards.organizerOrTeam;

  app.post(
    '/api/tickets/:id/recargas',
    { onRequest, schema: { params: idParams, body: topUpBody, response: { 201: recarga } } },
    async (request, reply) =>
      reply.code(201).send(await topUps.create(currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/api/tickets/:id/recargas',
    { onRequest, schema: { params: idParams, response: { 200: z.array(recarga) } } },
    async (request) => topUps.list(currentUser(request), request.params.id),
  );

  // The ticket's festival day, for the top-up dialog's 'Hoy: 2 de 2' and 'Usables también hoy'.
  app.get(
    '/api/tickets/:id/recargas/hoy',
    { onRequest, schema: { params: idParams, response: { 200: topUpToday } } },
    async (request) => topUps.today(currentUser(request), request.params.id),
  );

  // The event's top-ups for its printable report: totals, by payment method, and the list.
  app.get(
    '/api/eventos/:id/recargas',
    { onRequest, schema: { params: idParams, response: { 200: eventTopUps } } },
    async (request) => topUps.forEvent(currentUser(request), request.params.id),
  );
}
