import { AdminPage } from '@/features/admin/pages/admin-page';
import { type ApiRoutes, serveApi } from '../support/api-stub';
import { renderRoutes, signIn } from '../support/render-app';
import { admin, aSummary } from './admin-fixtures';

export const baseRoutes = {
  'GET /api/auth/me': { user: admin },
  'GET /api/config': { demo: false },
  'GET /api/admin/summary': aSummary(),
} satisfies ApiRoutes;

/** The admin panel at `url`, signed in as `admin`, with the API answering `routes`. */
export function renderAdmin(routes: ApiRoutes = {}, url = '/admin') {
  signIn(admin);
  const fetchMock = serveApi({ ...baseRoutes, ...routes });
  return { fetchMock, ...renderRoutes([{ path: '/admin', element: <AdminPage /> }], url) };
}
