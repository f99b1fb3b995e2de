import { eventRoleLabels, type StaffEvent } from '@drinkflow/domain/team';
import { CalendarClock, MapPin, QrCode } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';

const stateTones: Record<string, 'green' | 'blue' | 'neutral'> = {
  activo: 'green',
  próximo: 'blue',
  finalizado: 'neutral',
};
const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase('es') + text.slice(1);

interface StaffEventCardProps {
  evento: StaffEvent;
  opening: boolean;
  onOpenScanner(): void;
}

/** One event of the staff home: its dates, state, the person's role and 'Abrir escáner'. */
export function StaffEventCard({ evento, opening, onOpenScanner }: StaffEventCardProps) {
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-lg font-semibold break-words text-slate-900">{evento.nombre}</h2>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={stateTones[evento.estado] ?? 'neutral'}>{capitalised(evento.estado)}</Badge>
          <Badge tone="violet">{eventRoleLabels[evento.rol]}</Badge>
        </div>
      </div>
      <p className="flex items-center gap-1.5 text-sm text-slate-600">
        <MapPin className="h-4 w-4 shrink-0" aria-hidden />
        <span className="break-words">{evento.ubicacion}</span>
      </p>
      <p className="flex items-center gap-1.5 text-sm text-slate-700">
        <CalendarClock className="h-4 w-4 shrink-0" aria-hidden />
        <span>
          {formatDateTime(evento.fechaInicio)} – {formatDateTime(evento.fechaFin)}
        </span>
      </p>
      <Button
        className="w-full sm:w-auto sm:justify-self-start"
        disabled={opening}
        aria-label={`Abrir escáner de ${evento.nombre}`}
        onClick={onOpenScanner}
      >
        <QrCode className="h-4 w-4" aria-hidden />
        {opening ? 'Abriendo...' : 'Abrir escáner'}
      </Button>
    </Card>
  );
}
