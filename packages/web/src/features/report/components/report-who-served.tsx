import type { EventStats } from '@drinkflow/domain/stats';
import { DevicesTable, PeopleTable } from '@/features/stats';

const Caption = ({ title, description }: { title: string; description: string }) => (
  <>
    <span className="block font-semibold text-slate-900">{title}</span>
    <span className="block text-xs text-slate-600">{description}</span>
  </>
);

/**
 * Who served it (docs/rules/statistics.md): drinks, refusals and busiest minute per device, then
 * drinks and refusals per person. Always printed, with 'Sin datos' when no device recorded any.
 */
export function ReportWhoServed({ stats }: { stats: EventStats }) {
  return (
    <div className="grid gap-4 sm:grid-cols-5">
      <div className="min-w-0 break-inside-avoid sm:col-span-3">
        <DevicesTable
          devices={stats.porDispositivo ?? []}
          caption={
            <Caption title="Por dispositivo" description="Consumos, rechazos y el minuto con más consumos" />
          }
        />
      </div>
      <div className="min-w-0 break-inside-avoid sm:col-span-2">
        <PeopleTable
          people={stats.porPersona ?? []}
          caption={<Caption title="Por persona" description="Consumos y rechazos de cada persona" />}
        />
      </div>
    </div>
  );
}
