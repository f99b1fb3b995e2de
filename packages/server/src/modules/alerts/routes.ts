import { alertRules, eventAlerts } from '@drinkflow/domain/alerts';
import type { AppContext } from '../../app-context';
import { idParams } from '../../http/params';
import { currentUser } from '../auth/guards';
import { createEventService } from '../events/service';
import { startAlertSweeper } from './sweeper';
import { createAlertService } from './service';

export interface AlertRouteOptions {
  /** How often every running event's thresholds are checked (ALERT_SWEEP_SECONDS); 0 = never. */
  sweepMs: number;
}

/**
 * GET /api/eventos/{id}/alertas and PUT /api/eventos/{id}/alertas/reglas (docs/decisions/022).
 * Alerts are checked after each scan of a watched event (the live stream) and every `sweepMs`.
 */
export function registerAlertRoutes({ app, db, guards }: AppContext, options: AlertRouteOptions): void {
  const alerts = createAlertService(db, createEventService(db));
  const onRequest = guards.requireRole('organizer', 'admin');

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

  if (options.sweepMs > 0) {
    const sweeper = startAlertSweeper(alerts, app.log, options.sweepMs);
    app.addHook('onClose', async () => sweeper.stop());
  }
}
