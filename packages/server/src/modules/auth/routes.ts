import {
  authResponse,
  loginBody,
  passwordBody,
  profileBody,
  registerBody,
  user,
} from '@drinkflow/domain/auth';
import { noContent } from '@drinkflow/domain/responses';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from './guards';

export function registerAuthRoutes({ app, services, guards }: AppContext): void {
  const { auth } = services;
  app.post(
    '/api/auth/register',
    { schema: { body: registerBody, response: { 201: authResponse } } },
    async (request, reply) => reply.code(201).send(await auth.register(request.body, request.ip)),
  );

  app.post(
    '/api/auth/login',
    { schema: { body: loginBody, response: { 200: authResponse } } },
    async (request) => auth.login(request.body, request.ip),
  );

  app.get(
    '/api/auth/me',
    { onRequest: guards.signedIn, schema: { response: { 200: z.object({ user }) } } },
    async (request) => ({
      user: currentUser(request),
    }),
  );

  app.post(
    '/api/auth/logout',
    { onRequest: guards.signedIn, schema: { response: { 204: noContent } } },
    async (request, reply) => {
      await auth.logout(request.sessionToken!);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/auth/profile',
    { onRequest: guards.signedIn, schema: { body: profileBody, response: { 200: z.object({ user }) } } },
    async (request) => ({ user: await auth.updateProfile(currentUser(request).id, request.body) }),
  );

  app.put(
    '/api/auth/password',
    { onRequest: guards.signedIn, schema: { body: passwordBody, response: { 204: noContent } } },
    async (request, reply) => {
      await auth.changePassword(currentUser(request).id, request.body, request.sessionToken!);
      return reply.code(204).send(null);
    },
  );
}
