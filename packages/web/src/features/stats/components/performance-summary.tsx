import type { EventStats } from '@drinkflow/domain/stats';
import { statsSummary } from '@drinkflow/domain/stats-summary';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** docs/rules/constants.md 'Stats summary': activity, consumption level and size of the event. */
export function PerformanceSummary({ stats }: { stats: EventStats }) {
  const summary = statsSummary(stats);
  const rows = [
    ['Actividad', summary.actividad],
    ['Consumo', summary.consumo],
    ['Tamaño', summary.tamano],
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Resumen de Rendimiento</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 sm:grid-cols-3">
          {rows.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
