import { demoRequest, demoRequestBody } from '@drinkflow/domain/demo-request';
import { publicConfig } from '@drinkflow/domain/config';
import type { AppContext } from '../../app-context';

export function registerDemoRoutes({ app, services, demo }: AppContext): void {
  const { demoRequests } = services;

  app.get('/api/config', { schema: { response: { 200: publicConfig } } }, async () => ({ demo }));

  app.post(
    '/api/demo-request',
    { schema: { body: demoRequestBody, response: { 201: demoRequest } } },
    async (request, reply) => reply.code(201).send(await demoRequests.create(request.body, request.ip)),
  );
}
