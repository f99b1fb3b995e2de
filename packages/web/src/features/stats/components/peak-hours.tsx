import type { HoraPico } from '@drinkflow/domain/stats';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { consumos } from '../utils/format-stats';

/** Hours of the day ranked by drinks, each bar scaled to the busiest hour (docs/rules/screens.md). */
export function PeakHours({ hours }: { hours: HoraPico[] }) {
  const max = Math.max(0, ...hours.map((hour) => hour.cantidad));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Horas Pico</CardTitle>
        <CardDescription>Las horas del día con más consumos</CardDescription>
      </CardHeader>
      <CardContent>
        {hours.length === 0 ? (
          <p className="text-sm text-slate-600">Sin datos</p>
        ) : (
          <ol aria-label="Horas pico" className="space-y-3">
            {hours.map((hour, index) => (
              <li key={hour.hora} className="space-y-1">
                <div className="flex items-baseline justify-between gap-2 text-sm">
                  <span className="font-medium text-slate-900">
                    <span className="text-slate-500">#{index + 1}</span> {hour.hora}
                  </span>
                  <span className="text-slate-600 tabular-nums">{consumos(hour.cantidad)}</span>
                </div>
                <div className="h-2 w-full rounded-full bg-slate-100" aria-hidden>
                  <div
                    data-testid="peak-bar"
                    className="h-2 rounded-full bg-blue-600"
                    style={{ width: `${max > 0 ? (hour.cantidad / max) * 100 : 0}%` }}
                  />
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
