import { alertRules, eventAlerts } from '@drinkflow/domain/alerts';
import type { AppContext } from '../../app-context';
import { idParams } from '../../http/params';
import { currentUser } from '../auth';

/**
 * GET /api/eventos/{id}/alertas and PUT /api/eventos/{id}/alertas/reglas (docs/decisions/022).
 * Alerts are checked after each scan of a watched event (the live stream) and by the app's sweep
 * (ALERT_SWEEP_SECONDS, app.ts).
 */
export function registerAlertRoutes({ app, services, guards }: AppContext): void {
  const { alerts } = services;
  // The session before params and body (docs/decisions/007); the caller's role in the event decides
  // in the handler (docs/rules/team.md), so a team member with a bar-staff account gets in too.
  const onRequest = guards.organizerOrTeam;

  app.get(
    '/api/eventos/:id/alertas',
    { onRequest, schema: { params: idParams, response: { 200: eventAlerts } } },
    async (request) => alerts.forEvent(currentUser(request), request.params.id),
  );

  app.put(
    '/api/eventos/:id/alertas/reglas',
    { onRequest, schema: { params: idParams, body: alertRules, response: { 200: eventAlerts } } },
    async (request) => alerts.saveRules(currentUser(request), request.params.id, request.body),
  );
}
