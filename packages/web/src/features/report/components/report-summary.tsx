import type { EventStats } from '@drinkflow/domain/stats';
import { statsSummary } from '@drinkflow/domain/stats-summary';

/** docs/rules/constants.md 'Stats summary', the same three lines as on the statistics page. */
export function ReportSummary({ stats }: { stats: EventStats }) {
  const summary = statsSummary(stats);
  const lines = [
    ['Actividad', summary.actividad],
    ['Consumo', summary.consumo],
    ['Tamaño', summary.tamano],
  ] as const;
  return (
    <section aria-labelledby="informe-resumen" className="min-w-0 break-inside-avoid">
      <h2 id="informe-resumen" className="pb-1 text-sm font-semibold text-slate-900">
        Resumen de rendimiento
      </h2>
      <dl className="divide-y divide-slate-200 border-y border-slate-300 text-sm">
        {lines.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2 px-2 py-1">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-right font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
