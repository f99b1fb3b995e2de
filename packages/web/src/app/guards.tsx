import type { Rol } from '@drinkflow/domain/auth';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AccessDenied } from '@/components/access-denied';
import { PageSpinner } from '@/components/page-spinner';
import { useAuth } from '@/lib/auth';
import { paths } from './paths';

/**
 * Anonymous visitors go to /login (home right after signing out); a signed-in user of another
 * role sees 'Acceso Denegado'.
 */
export function RequireRole({ roles, deniedMessage }: { roles: Rol[]; deniedMessage: string }) {
  const { user, loading, signedOut } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  if (!user && signedOut) return <Navigate to={paths.home} replace />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  if (!roles.includes(user.rol)) return <AccessDenied message={deniedMessage} />;
  return <Outlet />;
}
