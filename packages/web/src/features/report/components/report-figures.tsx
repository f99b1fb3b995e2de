import type { EventStats } from '@drinkflow/domain/stats';
import { formatCount } from '@/lib/format-count';
import { formatEuros } from '@/lib/format';
import { consumos, formatAverage } from '@/features/stats';

/**
 * The statistics page's headline figures, four to a row so each label fits one line of an A4
 * sheet (the drinks undone and the offline conflicts, docs/rules/offline-and-field.md, and the top-ups, docs/rules/festivals.md, take
 * a second row).
 */
export function ReportFigures({ stats }: { stats: EventStats }) {
  const peak = stats.horasPico[0];
  const figures = [
    { title: 'Total Consumos', value: formatCount(stats.totalConsumos), note: 'Bebidas servidas' },
    { title: 'Total Asistentes', value: formatCount(stats.totalAsistentes), note: 'Personas con tickets' },
    {
      title: 'Promedio por Asistente',
      value: formatAverage(stats.promedioConsumos),
      note: 'Bebidas por persona',
    },
    { title: 'Hora Pico', value: peak?.hora ?? '--:--', note: peak ? consumos(peak.cantidad) : 'Sin datos' },
    { title: 'Deshechos', value: formatCount(stats.deshechos), note: 'Consumos anulados' },
    {
      title: 'Conflictos offline',
      value: formatCount(stats.conflictosOffline ?? 0),
      note: 'Servidos sin conexión fuera de las reglas',
    },
    // Top-ups (docs/rules/festivals.md): drinks added at the desk and what they brought in.
    ...(stats.recargas
      ? [
          {
            title: 'Recargas',
            value: formatCount(stats.recargas.bebidas),
            note: `Bebidas añadidas · ${formatEuros(stats.recargas.importe)}`,
          },
        ]
      : []),
  ];
  return (
    <dl aria-label="Cifras del evento" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {figures.map((figure) => (
        <div key={figure.title} className="min-w-0 break-inside-avoid rounded-lg border border-slate-300 p-3">
          <dt className="text-xs font-medium text-slate-600">{figure.title}</dt>
          <dd className="text-2xl font-bold text-slate-900 tabular-nums">{figure.value}</dd>
          <dd className="text-xs text-slate-600">{figure.note}</dd>
        </div>
      ))}
    </dl>
  );
}
