import { eventStats } from '@drinkflow/domain/stats';
import type { AppContext } from '../../app-context';
import { eventoIdParams } from '../../http/params';
import { currentUser } from '../auth';

export function registerStatsRoutes({ app, services, guards }: AppContext): void {
  const { stats } = services;
  // The session before params and body (docs/decisions/007); the caller's role in the event decides
  // in the handler (docs/rules/team.md), so a team member with a bar-staff account gets in too.
  const onRequest = guards.organizerOrTeam;

  app.get(
    '/api/stats/:eventoId',
    { onRequest, schema: { params: eventoIdParams, response: { 200: eventStats } } },
    async (request) => stats.forEvent(currentUser(request), request.params.eventoId),
  );
}
