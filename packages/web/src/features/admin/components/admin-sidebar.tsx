import { Link } from 'react-router';
import { cn } from '@/lib/utils';
import { adminSections, sectionSearch, type AdminSectionId } from '../utils/sections';

export const ADMIN_SIDEBAR_ID = 'admin-sidebar';

interface AdminSidebarProps {
  current: AdminSectionId;
  expanded: boolean;
  /** Expanded over the page (narrow screen) rather than beside it. */
  overlay: boolean;
  onSelect(): void;
}

/**
 * The admin panel's sections. Collapsed it is a column of icons (each keeps its name for screen
 * readers and as a tooltip); expanded it shows the names too.
 */
export function AdminSidebar({ current, expanded, overlay, onSelect }: AdminSidebarProps) {
  return (
    <aside
      id={ADMIN_SIDEBAR_ID}
      aria-label="Menú de administración"
      className={cn(
        'shrink-0 border-r border-slate-200 bg-white',
        expanded ? 'w-60' : 'w-14',
        overlay && 'absolute inset-y-0 left-0 z-30 shadow-lg',
      )}
    >
      <nav aria-label="Secciones del panel" className="sticky top-0 space-y-1 p-2">
        {adminSections.map((section) => {
          const active = section.id === current;
          return (
            <Link
              key={section.id}
              to={{ search: sectionSearch(section.id) }}
              onClick={onSelect}
              aria-current={active ? 'page' : undefined}
              title={expanded ? undefined : section.title}
              className={cn(
                'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                active ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              <section.icon className="h-4 w-4 shrink-0" aria-hidden />
              <span className={cn('truncate', !expanded && 'sr-only')}>{section.title}</span>
            </Link>
          );
        })}
      </nav>
    </aside>
  );
}
