import { boardDevice, ownDeviceBody, pairBody, pairedDevice, pairing } from '@drinkflow/domain/devices';
import { idParam } from '@drinkflow/domain/ids';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { idParams } from '../../http/params';
import { currentUser } from '../auth';

const deviceParams = z.object({ id: idParam('El id'), dispositivoId: idParam('El id del dispositivo') });

/**
 * An event's devices (docs/rules/devices.md). The event routes need a session; what each role may
 * do is the event's role matrix (requireEvent: outsiders 404, a role without the capability 403).
 * Pairing with a code needs none: the code is the credential.
 */
export function registerDeviceRoutes({ app, services, guards }: AppContext): void {
  const { devices } = services;
  // The session before params and body (docs/decisions/007): bar staff on no team are refused there;
  // the caller's role in the event decides in the handler (docs/rules/team.md).
  const onRequest = guards.organizerOrTeam;

  app.post(
    '/api/eventos/:id/dispositivos/emparejamientos',
    { onRequest, schema: { params: idParams, response: { 201: pairing } } },
    async (request, reply) =>
      reply.code(201).send(await devices.issue(currentUser(request), request.params.id)),
  );

  app.post(
    '/api/dispositivos/emparejar',
    { schema: { body: pairBody, response: { 201: pairedDevice } } },
    async (request, reply) => reply.code(201).send(await devices.pair(request.body, request.ip)),
  );

  app.post(
    '/api/eventos/:id/dispositivos/propio',
    { onRequest, schema: { params: idParams, body: ownDeviceBody, response: { 201: pairedDevice } } },
    async (request, reply) =>
      reply.code(201).send(await devices.own(currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/api/eventos/:id/dispositivos',
    { onRequest, schema: { params: idParams, response: { 200: z.array(boardDevice) } } },
    async (request) => devices.board(currentUser(request), request.params.id),
  );

  app.post(
    '/api/eventos/:id/dispositivos/:dispositivoId/revocar',
    { onRequest, schema: { params: deviceParams, response: { 200: boardDevice } } },
    async (request) => devices.revoke(currentUser(request), request.params.id, request.params.dispositivoId),
  );
}
