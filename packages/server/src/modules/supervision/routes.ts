import { idParam } from '@drinkflow/domain/ids';
import { recentDrink, supervisionMessages, supervisorUndoResponse } from '@drinkflow/domain/supervision';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { idParams } from '../../http/params';
import { currentUser } from '../auth';

const drinkParams = z.object({ id: idParam('El id'), consumoId: idParam('El id del consumo') });

/** A supervisor's undo of any drink of the last 30 minutes (docs/rules/devices.md); the role is the event's. */
export function registerSupervisionRoutes({ app, services, guards }: AppContext): void {
  const { supervision } = services;
  // The session before params (docs/decisions/007); the caller's role in the event decides in the handler.
  const onRequest = guards.organizerOrTeam;

  app.get(
    '/api/eventos/:id/consumos/recientes',
    { onRequest, schema: { params: idParams, response: { 200: z.array(recentDrink) } } },
    async (request) => supervision.recent(currentUser(request), request.params.id),
  );

  app.post(
    '/api/eventos/:id/consumos/:consumoId/deshacer',
    { onRequest, schema: { params: drinkParams, response: { 200: supervisorUndoResponse } } },
    async (request) => {
      await supervision.undo(currentUser(request), request.params.id, request.params.consumoId);
      return { undone: true as const, message: supervisionMessages.undone };
    },
  );
}
