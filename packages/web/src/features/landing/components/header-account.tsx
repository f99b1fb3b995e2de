import { CircleUser, LayoutDashboard, LogOut } from 'lucide-react';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { api, TOKEN_KEY } from '@/lib/api';
import { clearStoredSession, useStoredUser } from '@/lib/stored-session';
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

/**
 * Sign-in link, or the signed-in user's name, panel link and 'Salir'. The landing page loads
 * without the app's session provider: it reads the session this browser stored, and the panel
 * verifies it. Every link is a whole page: the app and the landing page are separate pages.
 */
export function HeaderAccount({ stacked, onAction }: HeaderAccountProps) {
  // Unknown while the prerendered page is hydrated, then the stored session.
  const user = useStoredUser();

  if (user === undefined) return null;
  if (!user) {
    return (
      <Button asChild className={cn(stacked && 'w-full')}>
        <a href={paths.login} onClick={onAction}>
          Iniciar Sesión
        </a>
      </Button>
    );
  }

  const panel = user.rol === 'admin' || user.rol === 'organizer' ? panelFor[user.rol] : null;

  async function signOut() {
    onAction?.();
    // Signed out here at once; the server revokes the token, then the page starts afresh.
    const token = localStorage.getItem(TOKEN_KEY);
    clearStoredSession();
    if (token) {
      await api
        .post('/auth/logout', undefined, { headers: { authorization: `Bearer ${token}` } })
        .catch(() => undefined);
    }
    window.location.assign(paths.home);
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
          <a href={panel.to} onClick={onAction}>
            <LayoutDashboard className="h-4 w-4" aria-hidden />
            {panel.label}
          </a>
        </Button>
      )}
      <Button variant="ghost" size="sm" className={cn(stacked && 'h-10 w-full')} onClick={signOut}>
        <LogOut className="h-4 w-4" aria-hidden />
        Salir
      </Button>
    </div>
  );
}
