import type { EventStats } from '@drinkflow/domain/stats';
import { BarChart3, Clock, PlusCircle, Undo2, Users, Wine } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { formatCount } from '@/lib/format-count';
import { formatEuros } from '@/lib/format';
import { consumos, formatAverage } from '../utils/format-stats';

function StatCard({
  icon: Icon,
  title,
  value,
  note,
}: {
  icon: LucideIcon;
  title: string;
  value: string;
  note: string;
}) {
  return (
    <Card className="min-w-0 p-3 [overflow-wrap:anywhere] sm:p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-slate-600">{title}</h2>
        <Icon className="h-4 w-4 text-slate-500" aria-hidden />
      </div>
      <p className="mt-2 text-2xl font-bold text-slate-900 tabular-nums sm:text-3xl">{value}</p>
      <p className="text-sm text-slate-600">{note}</p>
    </Card>
  );
}

/**
 * The four headline figures (docs/rules/screens.md), the drinks undone at the bars (docs/rules/offline-and-field.md) and the
 * top-ups: drinks added and euros taken (docs/rules/festivals.md).
 */
export function StatCards({ stats }: { stats: EventStats }) {
  const peak = stats.horasPico[0];
  const { recargas } = stats;
  return (
    // Two per row from 360 px: one per row put the fifth figure three screens down on a phone.
    <div className={`grid grid-cols-2 gap-3 sm:gap-4 ${recargas ? 'xl:grid-cols-6' : 'xl:grid-cols-5'}`}>
      <StatCard
        icon={Wine}
        title="Total Consumos"
        value={formatCount(stats.totalConsumos)}
        note="Bebidas servidas en total"
      />
      <StatCard
        icon={Users}
        title="Total Asistentes"
        value={formatCount(stats.totalAsistentes)}
        note="Personas con tickets"
      />
      <StatCard
        icon={BarChart3}
        title="Promedio por Asistente"
        value={formatAverage(stats.promedioConsumos)}
        note="Bebidas por persona"
      />
      <StatCard
        icon={Clock}
        title="Hora Pico"
        value={peak?.hora ?? '--:--'}
        note={peak ? consumos(peak.cantidad) : 'Sin datos'}
      />
      <StatCard
        icon={Undo2}
        title="Deshechos"
        value={formatCount(stats.deshechos)}
        note="Consumos anulados en las barras"
      />
      {recargas && (
        <StatCard
          icon={PlusCircle}
          title="Recargas"
          value={formatCount(recargas.bebidas)}
          note={`Bebidas añadidas · ${formatEuros(recargas.importe)}`}
        />
      )}
    </div>
  );
}
