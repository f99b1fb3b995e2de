import {
  Briefcase,
  CalendarDays,
  Inbox,
  LayoutDashboard,
  Settings,
  ShieldCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';

/** The admin panel's sections (docs/rules/screens.md), switched in place: /admin?seccion=<id>. */
export const adminSections = [
  { id: 'dashboard', title: 'Dashboard', icon: LayoutDashboard },
  { id: 'usuarios', title: 'Gestión de Usuarios', icon: Users },
  { id: 'solicitudes', title: 'Solicitudes de Demo', icon: Inbox },
  { id: 'organizadores', title: 'Organizadores', icon: Briefcase },
  { id: 'eventos', title: 'Todos los Eventos', icon: CalendarDays },
  { id: 'permisos', title: 'Permisos y Roles', icon: ShieldCheck },
  { id: 'configuracion', title: 'Configuración Global', icon: Settings },
] as const satisfies readonly { id: string; title: string; icon: LucideIcon }[];

export type AdminSectionId = (typeof adminSections)[number]['id'];
export type AdminSection = (typeof adminSections)[number];

export const SECTION_PARAM = 'seccion';

/** The section a `?seccion=` value names; the dashboard for none or an unknown one. */
export function sectionFor(value: string | null): AdminSection {
  return adminSections.find((section) => section.id === value) ?? adminSections[0];
}

/** The search part of the address that shows a section (the dashboard has none). */
export const sectionSearch = (id: AdminSectionId) => (id === 'dashboard' ? '' : `?${SECTION_PARAM}=${id}`);
