import { health } from '@drinkflow/domain/health';
import type { AppContext } from '../../app-context';

export function registerHealthRoutes({ app, services }: AppContext): void {
  const service = services.health;

  app.get(
    '/api/health',
    // Load balancers and monitors call it every few seconds: their requests are not worth a log line.
    { logLevel: 'warn', schema: { response: { 200: health, 503: health } } },
    async (_request, reply) =>
      (await service.databaseAnswers())
        ? reply.send({ status: 'ok', db: 'ok' })
        : reply.code(503).send({ status: 'error', db: 'error' }),
  );
}
