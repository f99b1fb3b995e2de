import type { Evento } from '@drinkflow/domain/events';
import { formatDateTime } from '@/lib/format';

/** What the report is about and when its figures were taken. */
export function ReportHeader({ evento, generatedAt }: { evento: Evento; generatedAt: Date }) {
  const details = [
    ['Inicio', formatDateTime(evento.fechaInicio)],
    ['Fin', formatDateTime(evento.fechaFin)],
    ['Lugar', evento.ubicacion],
    ['Generado', formatDateTime(generatedAt)],
  ] as const;
  return (
    <header className="space-y-2 border-b-2 border-slate-900 pb-3">
      <div>
        <h1 className="text-base font-semibold text-slate-600">Informe del evento</h1>
        <p className="text-2xl font-bold break-words text-slate-900">{evento.nombre}</p>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {details.map(([label, value]) => (
          <div key={label} className="flex min-w-0 gap-2">
            <dt className="shrink-0 text-slate-600">{label}:</dt>
            <dd className="min-w-0 font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </header>
  );
}
