import type { Evento } from '@drinkflow/domain/events';
import { CalendarDays, MapPin } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatLong } from '@/lib/format';

/** The event the ticket type belongs to: name, place and start (es-ES). */
export function EventInfoCard({ evento }: { evento: Pick<Evento, 'nombre' | 'ubicacion' | 'fechaInicio'> }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base text-slate-700">Evento</CardTitle>
      </CardHeader>
      <CardContent className="space-y-1 text-sm">
        <p className="text-lg font-semibold text-slate-900">{evento.nombre}</p>
        <p className="flex items-center gap-2 text-slate-700">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden />
          {evento.ubicacion}
        </p>
        <p className="flex items-center gap-2 text-slate-700">
          <CalendarDays className="h-4 w-4 shrink-0" aria-hidden />
          <span>
            <span className="sr-only">Inicio: </span>
            {formatLong(evento.fechaInicio)}
          </span>
        </p>
      </CardContent>
    </Card>
  );
}
