import { DEFAULT_CORTE_DIARIO } from '@drinkflow/domain/event-bars';
import type { Evento } from '@drinkflow/domain/events';
import { Clock, GlassWater } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Whether the cut-off matters to the reader: the event has bars, lasts more than a day, or its
 * cut-off is not the default. A six-hour wedding is not told when a festival day ends.
 */
export function showsDailyCutoff(
  evento: Pick<Evento, 'barras' | 'corteDiario' | 'fechaInicio' | 'fechaFin'>,
) {
  return (
    evento.barras.length > 0 ||
    Date.parse(evento.fechaFin) - Date.parse(evento.fechaInicio) > DAY ||
    evento.corteDiario !== DEFAULT_CORTE_DIARIO
  );
}

/**
 * The event detail's 'Barras' and 'Corte diario' (docs/rules/events.md#event-detail), as entries of
 * its information list; nothing for an event without bars that the cut-off does not concern.
 */
export function EventFestivalInfo({ evento }: { evento: Evento }) {
  const { barras } = evento;
  return (
    <>
      {barras.length > 0 && (
        <div className="sm:col-span-2">
          <dt className="flex items-center gap-1.5 text-sm text-slate-600">
            <GlassWater className="h-4 w-4" aria-hidden /> Barras ({barras.length})
          </dt>
          <dd>
            <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Barras del evento">
              {barras.map((barra) => (
                <li key={barra} className="max-w-full">
                  <Badge tone="neutral" className="max-w-full break-words whitespace-normal">
                    {barra}
                  </Badge>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      {showsDailyCutoff(evento) && (
        <div>
          <dt className="flex items-center gap-1.5 text-sm text-slate-600">
            <Clock className="h-4 w-4" aria-hidden /> Corte diario
          </dt>
          <dd className="font-medium">{evento.corteDiario}</dd>
          <dd className="text-sm text-slate-600">Hora en que termina cada día del festival</dd>
        </div>
      )}
    </>
  );
}
