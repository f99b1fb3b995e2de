import type { AdminSummary } from '@drinkflow/domain/admin';
import { Briefcase, CalendarDays, Users, Wine, type LucideIcon } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/format-count';

const figures: { key: keyof Omit<AdminSummary, 'actividad'>; label: string; icon: LucideIcon }[] = [
  { key: 'usuarios', label: 'Total Usuarios', icon: Users },
  { key: 'eventosActivos', label: 'Eventos Activos', icon: CalendarDays },
  { key: 'organizadores', label: 'Organizadores', icon: Briefcase },
  { key: 'consumos', label: 'Total Consumos', icon: Wine },
];

/** The dashboard's four figures, counted by the server now. */
export function SummaryFigures({ summary }: { summary: AdminSummary | undefined }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {figures.map((figure) => (
        <div
          key={figure.key}
          className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm [overflow-wrap:anywhere] sm:p-4"
        >
          <dt className="flex items-center justify-between gap-3 text-sm font-medium text-slate-600">
            {figure.label}
            <figure.icon className="h-6 w-6 shrink-0 text-brand-700" aria-hidden />
          </dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">
            {summary ? formatCount(summary[figure.key]) : <Skeleton className="h-8 w-16" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
