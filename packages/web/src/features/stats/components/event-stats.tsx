import { lazy, Suspense } from 'react';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useStats } from '../api/get-stats';
import { OfflineConflicts } from './offline-conflicts';
import { PeakHours } from './peak-hours';
import { PerformanceSummary } from './performance-summary';
import { StatCards } from './stat-cards';
import { WhoServed } from './who-served';

// The charts (and their library) load after the figures, in a chunk of their own.
const StatsCharts = lazy(() => import('./stats-charts').then((module) => ({ default: module.StatsCharts })));

const chartsLoading = (
  <div className="grid gap-4 lg:grid-cols-2" role="status" aria-label="Cargando gráficos">
    <Skeleton className="h-80 w-full" />
    <Skeleton className="h-80 w-full" />
  </div>
);

/** One event's figures; kept current by the live stream, which writes into the same query. */
export function EventStatsView({ eventoId }: { eventoId: number }) {
  const stats = useStats(eventoId);
  if (stats.isError && !stats.data) {
    return (
      <LoadError message="No se pudieron cargar las estadísticas." onRetry={() => void stats.refetch()} />
    );
  }
  if (!stats.data) {
    return (
      <div className="space-y-4" role="status" aria-label="Cargando estadísticas">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <StatCards stats={stats.data} />
      <OfflineConflicts stats={stats.data} />
      <div className="grid gap-4 lg:grid-cols-2">
        <PeakHours hours={stats.data.horasPico} />
        <PerformanceSummary stats={stats.data} />
      </div>
      <Suspense fallback={chartsLoading}>
        <StatsCharts stats={stats.data} />
      </Suspense>
      <WhoServed stats={stats.data} />
    </div>
  );
}
