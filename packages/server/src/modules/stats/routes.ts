import { eventStats } from '@drinkflow/domain/stats';
import type { AppContext } from '../../app-context';
import { eventoIdParams } from '../../http/params';
import { currentUser } from '../auth';

export function registerStatsRoutes({ app, services, guards }: AppContext): void {
  const { stats } = services;
  // Session and role before params (docs/decisions/007).
  const onRequest = guards.requireRole('organizer', 'admin');

  app.get(
    '/api/stats/:eventoId',
    { onRequest, schema: { params: eventoIdParams, response: { 200: eventStats } } },
    async (request) => stats.forEvent(currentUser(request), request.params.eventoId),
  );
}
