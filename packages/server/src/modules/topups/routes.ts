import { recarga, topUpBody } from '@drinkflow/domain/topups';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { idParams } from '../../http/params';
import { currentUser } from '../auth/guards';
import { createTopUpService } from './service';

/** Top-ups of a ticket (DECISIONS §15): the event's organizer or an admin; bar staff → 403. */
export function registerTopUpRoutes({ app, db, guards }: AppContext): void {
  const topUps = createTopUpService(db);
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
}
