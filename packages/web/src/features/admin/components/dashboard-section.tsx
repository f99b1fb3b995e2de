import { LoadError } from '@/components/load-error';
import { useAdminSummary } from '../api/get-admin-summary';
import { QuickActions } from './quick-actions';
import { RecentActivity } from './recent-activity';
import { SummaryFigures } from './summary-figures';

/** The dashboard: real figures, the latest activity and shortcuts (docs/rules/accounts-and-roles.md). */
export function DashboardSection() {
  const summary = useAdminSummary();
  if (summary.isError) {
    return (
      <LoadError message="No se pudo cargar el resumen del panel." onRetry={() => void summary.refetch()} />
    );
  }
  return (
    <div className="space-y-6" aria-busy={summary.isFetching || undefined}>
      <SummaryFigures summary={summary.data} />
      <div className="grid gap-6 xl:grid-cols-[2fr_1fr]">
        <RecentActivity items={summary.data?.actividad} />
        <QuickActions />
      </div>
    </div>
  );
}
