import { CircleUser, LayoutDashboard, LogOut } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';

const panelFor = {
  admin: { to: paths.admin, label: 'Panel Admin' },
  organizer: { to: paths.organizer.root, label: 'Panel Organizador' },
} as const;

interface HeaderAccountProps {
  /** Full-width buttons, one under another (mobile menu). */
  stacked?: boolean;
  /** Called before leaving, e.g. to close the mobile menu. */
  onAction?: () => void;
}

/** Sign-in link, or the signed-in user's name, panel link and 'Salir'. */
export function HeaderAccount({ stacked, onAction }: HeaderAccountProps) {
  const { user, loading, logout } = useAuth();
  const navigate = useNavigate();

  if (!user) {
    // While a stored session is being checked, show nothing rather than a flash of 'Iniciar Sesión'.
    if (loading) return null;
    return (
      <Button asChild className={cn(stacked && 'w-full')}>
        <Link to={paths.login} onClick={onAction}>
          Iniciar Sesión
        </Link>
      </Button>
    );
  }

  const panel = user.rol === 'admin' || user.rol === 'organizer' ? panelFor[user.rol] : null;

  async function signOut() {
    onAction?.();
    await logout();
    navigate(paths.home);
  }

  return (
    <div className={cn('flex items-center gap-2', stacked && 'flex-col items-stretch gap-3')}>
      <p className={cn('flex items-center gap-2 px-2 text-sm font-medium text-slate-700', stacked && 'px-0')}>
        <CircleUser className="h-5 w-5 text-slate-500" aria-hidden />
        <span className="sr-only">Sesión iniciada como </span>
        <span className="max-w-40 truncate">{user.nombre}</span>
      </p>
      {panel && (
        <Button asChild variant="outline" size="sm" className={cn(stacked && 'h-10 w-full')}>
          <Link to={panel.to} onClick={onAction}>
            <LayoutDashboard className="h-4 w-4" aria-hidden />
            {panel.label}
          </Link>
        </Button>
      )}
      <Button variant="ghost" size="sm" className={cn(stacked && 'h-10 w-full')} onClick={signOut}>
        <LogOut className="h-4 w-4" aria-hidden />
        Salir
      </Button>
    </div>
  );
}
