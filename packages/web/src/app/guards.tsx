import type { Rol } from '@drinkflow/domain/auth';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AccessDenied } from '@/components/access-denied';
import { PageSpinner } from '@/components/page-spinner';
import { useAuth } from '@/lib/auth';
import { withNext } from './next-path';
import { paths } from './paths';

/**
 * Anonymous visitors go to /login?next=<the page asked for>, to come back to it after signing in
 * (home right after signing out); a signed-in user of another role sees 'Acceso Denegado'.
 */
export function RequireRole({ roles, deniedMessage }: { roles: readonly Rol[]; deniedMessage: string }) {
  const { user, loading, signedOut } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  if (!user && signedOut) return <Navigate to={paths.home} replace />;
  if (!user) return <Navigate to={withNext(paths.login, location.pathname + location.search)} replace />;
  if (!roles.includes(user.rol)) return <AccessDenied message={deniedMessage} />;
  return <Outlet />;
}
