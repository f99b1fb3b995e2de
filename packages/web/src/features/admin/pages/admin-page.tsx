import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { AccountHeader } from '@/components/account-header';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/skip-link';
import { buttonVariants } from '@/components/ui/button';
import { ADMIN_SIDEBAR_ID, AdminSidebar } from '../components/admin-sidebar';
import { DashboardSection } from '../components/dashboard-section';
import { DemoRequestsSection } from '../components/demo-requests-section';
import { InDevelopmentSection } from '../components/in-development-section';
import { UsersSection } from '../components/users-section';
import { useAdminSection } from '../hooks/use-admin-section';
import { useAdminSidebar } from '../hooks/use-admin-sidebar';
import type { AdminSection } from '../utils/sections';

function SectionContent({ section }: { section: AdminSection }) {
  switch (section.id) {
    case 'dashboard':
      return <DashboardSection />;
    case 'usuarios':
      return <UsersSection />;
    case 'solicitudes':
      return <DemoRequestsSection />;
    default:
      return <InDevelopmentSection title={section.title} />;
  }
}

/** The admin panel (docs/rules/screens.md): header, a collapsible menu of sections switched in place, the section. */
export function AdminPage() {
  const section = useAdminSection();
  const sidebar = useAdminSidebar();
  const Toggle = sidebar.expanded ? PanelLeftClose : PanelLeftOpen;

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLink />
      <AccountHeader
        area="admin"
        leading={
          <button
            type="button"
            className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'shrink-0' })}
            aria-label={sidebar.expanded ? 'Contraer menú' : 'Expandir menú'}
            aria-expanded={sidebar.expanded}
            aria-controls={ADMIN_SIDEBAR_ID}
            onClick={sidebar.toggle}
          >
            <Toggle className="h-5 w-5" aria-hidden />
          </button>
        }
      />
      <div className="relative flex min-w-0 flex-1">
        {/* Keeps the page where it was while the expanded menu covers it on a narrow screen. */}
        {sidebar.overlay && <div className="w-14 shrink-0" aria-hidden />}
        <AdminSidebar
          current={section.id}
          expanded={sidebar.expanded}
          overlay={sidebar.overlay}
          onSelect={sidebar.afterSelect}
        />
        {sidebar.overlay && (
          <div className="absolute inset-0 z-20 bg-black/30" aria-hidden onClick={sidebar.collapse} />
        )}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 space-y-6 p-4 outline-none sm:p-6">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">Panel de Administración</h1>
            <h2 className="mt-1 text-lg font-semibold text-slate-700">{section.title}</h2>
          </div>
          <SectionContent section={section} />
        </main>
      </div>
    </div>
  );
}
