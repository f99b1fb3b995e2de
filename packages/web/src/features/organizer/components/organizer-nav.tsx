import { BarChart3, CalendarDays, QrCode, ShoppingCart, Ticket, User, type LucideIcon } from 'lucide-react';
import { Link, matchPath, useLocation } from 'react-router';
import { paths } from '@/app/paths';
import { cn } from '@/lib/utils';

interface MenuItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Pages inside the item's section whose path does not start with `to`. */
  nested?: string[];
}

const menu: MenuItem[] = [
  {
    to: paths.organizer.events,
    label: 'Mis Eventos',
    icon: CalendarDays,
    nested: [paths.organizer.event(':id')],
  },
  { to: paths.organizer.ticketTypes, label: 'Tipos de Ticket', icon: Ticket },
  {
    to: paths.organizer.orders,
    label: 'Pedidos',
    icon: ShoppingCart,
    nested: [paths.organizer.order(':id')],
  },
  { to: paths.organizer.stats, label: 'Estadísticas', icon: BarChart3 },
  { to: paths.organizer.scanner, label: 'Escáner QR', icon: QrCode },
  { to: paths.organizer.profile, label: 'Mi Perfil', icon: User },
];

/** The item's own page or any page below it (/organizer/evento/3/editar belongs to Mis Eventos). */
const isCurrent = ({ to, nested = [] }: MenuItem, pathname: string) =>
  [to, ...nested].some((path) => matchPath({ path, end: false }, pathname) !== null);

/** The organizer's side menu; the item of the section being viewed is marked as the current page. */
export function OrganizerNav({ onNavigate }: { onNavigate(): void }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Secciones del organizador" className="space-y-1 p-3">
      {menu.map((item) => {
        const current = isCurrent(item, pathname);
        return (
          <Link
            key={item.to}
            to={item.to}
            onClick={onNavigate}
            aria-current={current ? 'page' : undefined}
            className={cn(
              'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
              current ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            <item.icon className="h-4 w-4" aria-hidden />
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
