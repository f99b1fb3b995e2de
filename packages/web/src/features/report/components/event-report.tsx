import type { Evento } from '@drinkflow/domain/events';
import type { EventStats } from '@drinkflow/domain/stats';
import type { EventTopUps } from '@drinkflow/domain/topups';
import type { ReactNode } from 'react';
import { dataTables, peakHoursTable } from '../utils/report-tables';
import { ReportCharts } from './report-charts';
import { ReportFigures } from './report-figures';
import { ReportHeader } from './report-header';
import { ReportOfflineConflicts } from './report-offline-conflicts';
import { ReportSummary } from './report-summary';
import { ReportTable } from './report-table';
import { ReportTopUps } from './report-top-ups';
import { ReportWhoServed } from './report-who-served';

/**
 * The event's statistics as a document for A4: figures, peak hours and summary, charts, every
 * chart's figures as tables and who served (per device and per person), the offline conflicts, then
 * the top-ups (when given). `alerts` is the place kept for the
 * 'Alertas' section, printed last.
 */
export function EventReport({
  evento,
  stats,
  topUps,
  generatedAt,
  alerts,
}: {
  evento: Evento;
  stats: EventStats;
  topUps?: EventTopUps;
  generatedAt: Date;
  alerts?: ReactNode;
}) {
  return (
    <article className="space-y-5">
      <ReportHeader evento={evento} generatedAt={generatedAt} />
      <ReportFigures stats={stats} />
      <div className="grid gap-4 sm:grid-cols-2">
        <ReportTable title="Horas pico" description="De más a menos consumos" data={peakHoursTable(stats)} />
        <ReportSummary stats={stats} />
      </div>
      <section aria-labelledby="informe-graficos" className="space-y-2">
        <h2 id="informe-graficos" className="break-after-avoid text-lg font-bold text-slate-900">
          Gráficos
        </h2>
        <ReportCharts stats={stats} />
      </section>
      <section aria-labelledby="informe-datos" className="space-y-2">
        <h2 id="informe-datos" className="break-after-avoid text-lg font-bold text-slate-900">
          Datos
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {dataTables(stats).map((table) => (
            <ReportTable key={table.title} {...table} />
          ))}
        </div>
        <ReportWhoServed stats={stats} />
      </section>
      <ReportOfflineConflicts stats={stats} />
      {topUps && <ReportTopUps topUps={topUps} />}
      {alerts}
    </article>
  );
}
