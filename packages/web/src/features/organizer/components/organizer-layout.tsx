import { BarChart3, CalendarDays, Menu, QrCode, ShoppingCart, Ticket, User, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { paths } from '@/app/paths';
import { DemoModeBadge } from '@/components/demo-mode-badge';
import { SignOutButton } from '@/components/sign-out-button';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';

const SIDEBAR_BREAKPOINT = 1024;
const isWide = () => window.innerWidth >= SIDEBAR_BREAKPOINT;

const menu = [
  { to: paths.organizer.events, label: 'Mis Eventos', icon: CalendarDays },
  { to: paths.organizer.ticketTypes, label: 'Tipos de Ticket', icon: Ticket },
  { to: paths.organizer.orders, label: 'Pedidos', icon: ShoppingCart },
  { to: paths.organizer.stats, label: 'Estadísticas', icon: BarChart3 },
  { to: paths.organizer.scanner, label: 'Escáner QR', icon: QrCode },
  { to: paths.organizer.profile, label: 'Mi Perfil', icon: User },
];

export function OrganizerLayout() {
  const { user } = useAuth();
  const [open, setOpen] = useState(isWide);
  // Crossing the breakpoint resets the menu to that width's default.
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${SIDEBAR_BREAKPOINT}px)`);
    const onChange = (event: MediaQueryListEvent) => setOpen(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  // On small screens the menu closes after each navigation.
  const closeIfNarrow = () => {
    if (!isWide()) setOpen(false);
  };

  return (
    <div className="flex min-h-screen bg-slate-50">
      <aside
        id="organizer-sidebar"
        aria-label="Menú del organizador"
        className={cn(
          'fixed inset-y-0 left-0 z-40 w-64 border-r border-slate-200 bg-white transition-transform lg:static lg:translate-x-0',
          open ? 'translate-x-0' : 'invisible -translate-x-full lg:hidden',
        )}
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
          <span className="text-lg font-bold text-brand-800">DrinkFlow</span>
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label="Cerrar menú"
            onClick={() => setOpen(false)}
          >
            <X className="h-5 w-5" aria-hidden />
          </Button>
        </div>
        <nav className="space-y-1 p-3">
          {menu.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              onClick={closeIfNarrow}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
                  isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
                )
              }
            >
              <Icon className="h-4 w-4" aria-hidden />
              {label}
            </NavLink>
          ))}
        </nav>
      </aside>
      {open && (
        <div
          className="fixed inset-0 z-30 bg-black/40 lg:hidden"
          aria-hidden
          onClick={() => setOpen(false)}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        {/* On narrow screens the items on the right wrap instead of scrolling sideways. */}
        <header className="flex min-h-16 items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-2">
          <Button
            variant="ghost"
            size="icon"
            aria-label={open ? 'Ocultar menú' : 'Mostrar menú'}
            aria-expanded={open}
            aria-controls="organizer-sidebar"
            onClick={() => setOpen((value) => !value)}
          >
            <Menu className="h-5 w-5" aria-hidden />
          </Button>
          <div className="flex min-w-0 flex-wrap items-center justify-end gap-x-3 gap-y-2">
            <DemoModeBadge />
            <span className="hidden font-medium sm:inline">
              {user?.nombre} {user?.apellido ?? ''}
            </span>
            <span className="rounded-full bg-blue-700 px-2.5 py-0.5 text-xs font-semibold text-white">
              Organizador
            </span>
            <SignOutButton />
          </div>
        </header>
        <main className="flex-1 p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
