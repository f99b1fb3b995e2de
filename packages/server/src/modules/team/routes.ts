import { user } from '@drinkflow/domain/auth';
import {
  acceptInvitationBody,
  invitationInfo,
  invitationToken,
  staffEvent,
  teamMember,
  teamMemberBody,
  teamRoleBody,
} from '@drinkflow/domain/team';
import { idParam } from '@drinkflow/domain/ids';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { idParams } from '../../http/params';
import { currentUser } from '../auth';
import { staffEvents } from './staff-events';

const memberParams = z.object({ id: idParam('El id del evento'), miembroId: idParam('El id del miembro') });
const session = z.object({ user, token: z.string() });

/**
 * An event's team, invitations and the staff home (docs/rules/team.md, docs/decisions/059).
 * The team routes take any account through the guard: the caller's role in the event decides.
 */
export function registerTeamRoutes({ app, db, services, guards }: AppContext, now?: () => Date): void {
  const { team, invitations } = services;
  const onRequest = guards.organizerOrTeam;

  app.get(
    '/api/eventos/:id/equipo',
    { onRequest, schema: { params: idParams, response: { 200: z.array(teamMember) } } },
    async (request) => team.list(currentUser(request), request.params.id),
  );

  app.post(
    '/api/eventos/:id/equipo',
    { onRequest, schema: { params: idParams, body: teamMemberBody, response: { 201: teamMember } } },
    async (request, reply) =>
      reply.code(201).send(await team.add(currentUser(request), request.params.id, request.body)),
  );

  app.patch(
    '/api/eventos/:id/equipo/:miembroId',
    { onRequest, schema: { params: memberParams, body: teamRoleBody, response: { 200: teamMember } } },
    async (request) =>
      team.changeRole(currentUser(request), request.params.id, request.params.miembroId, request.body.rol),
  );

  app.delete(
    '/api/eventos/:id/equipo/:miembroId',
    { onRequest, schema: { params: memberParams } },
    async (request, reply) => {
      await team.remove(currentUser(request), request.params.id, request.params.miembroId);
      return reply.code(204).send();
    },
  );

  // The invitation's token is the credential to read it (docs/rules/team.md).
  app.get(
    '/api/invitaciones/:token',
    { schema: { params: invitationToken, response: { 200: invitationInfo } } },
    async (request) => invitations.info(request.params.token),
  );

  // Signed in (a bearer token sent): that account joins. Without one: a new bar-staff account.
  app.post(
    '/api/invitaciones/:token/aceptar',
    {
      onRequest: async (request) => {
        if (request.headers.authorization) await guards.signedIn(request);
      },
      schema: {
        params: invitationToken,
        body: acceptInvitationBody.optional(),
        response: { 200: teamMember, 201: session },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      if (request.user) return invitations.acceptAs(request.user, token);
      return reply.code(201).send(await invitations.acceptWithNewAccount(token, request.body ?? {}));
    },
  );

  app.get(
    '/api/barra/eventos',
    { onRequest: guards.signedIn, schema: { response: { 200: z.array(staffEvent) } } },
    async (request) => staffEvents(db, currentUser(request), now?.() ?? new Date()),
  );
}
