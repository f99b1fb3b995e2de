import {
  adminPageQuery,
  adminSummary,
  adminUser,
  adminUserPatchBody,
  adminUsersPage,
  adminUsersQuery,
  demoRequestsPage,
} from '@drinkflow/domain/admin';
import type { AppContext } from '../../app-context';
import { idParams } from '../../http/params';
import { currentUser } from '../auth';

/** The admin panel's API (docs/rules/accounts-and-roles.md): admins only; anyone else signed in gets 403. */
export function registerAdminRoutes({ app, services, guards }: AppContext): void {
  const { admin } = services;
  // onRequest: the session and role are checked before the query or body is validated.
  const onRequest = guards.requireRole('admin');

  app.get('/api/admin/summary', { onRequest, schema: { response: { 200: adminSummary } } }, async () =>
    admin.summary(),
  );

  app.get(
    '/api/admin/users',
    { onRequest, schema: { querystring: adminUsersQuery, response: { 200: adminUsersPage } } },
    async (request) => admin.listUsers(request.query),
  );

  app.patch(
    '/api/admin/users/:id',
    { onRequest, schema: { params: idParams, body: adminUserPatchBody, response: { 200: adminUser } } },
    async (request) => admin.updateUser(currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/admin/demo-requests',
    { onRequest, schema: { querystring: adminPageQuery, response: { 200: demoRequestsPage } } },
    async (request) => admin.listDemoRequests(request.query),
  );
}
