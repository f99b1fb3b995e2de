import { eventStats } from '@drinkflow/domain/stats';
import type { AppContext } from '../../app-context';
import { eventoIdParams } from '../../http/params';
import { currentUser } from '../auth/guards';
import { createEventService } from '../events/service';
import { createStatsService } from './service';

export function registerStatsRoutes({ app, db, guards, timeZone }: AppContext): void {
  const stats = createStatsService(db, createEventService(db), timeZone);
  // Session and role before params (docs/decisions/007).
  const onRequest = guards.requireRole('organizer', 'admin');

  app.get(
    '/api/stats/:eventoId',
    { onRequest, schema: { params: eventoIdParams, response: { 200: eventStats } } },
    async (request) => stats.forEvent(currentUser(request), request.params.eventoId),
  );
}
