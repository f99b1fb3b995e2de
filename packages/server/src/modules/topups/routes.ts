import { eventTopUps, recarga, topUpBody } from '@drinkflow/domain/topups';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { idParams } from '../../http/params';
import { currentUser } from '../auth';

/** Top-ups of a ticket and of an event (docs/rules/festivals.md): the event's organizer or an admin; bar staff → 403. */
export function registerTopUpRoutes({ app, services, guards }: AppContext): void {
  const { topUps } = services;
  // Session and role before params and body (docs/decisions/007).
  const onRequest = guards.requireRole('organizer', 'admin');

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

  // The event's top-ups for its printable report: totals, by payment method, and the list.
  app.get(
    '/api/eventos/:id/recargas',
    { onRequest, schema: { params: idParams, response: { 200: eventTopUps } } },
    async (request) => topUps.forEvent(currentUser(request), request.params.id),
  );
}
