import { CalendarPlus } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** Ticket types belong to an event: without events there is nothing to configure yet. */
export function NoEvents() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <CalendarPlus className="h-10 w-10 text-slate-500" aria-hidden />
        <h2 className="text-lg font-semibold">No hay eventos disponibles</h2>
        <p className="max-w-md text-sm text-slate-600">
          Crea un evento para poder configurar sus tipos de ticket y límites de consumo.
        </p>
        <Button asChild>
          <Link to={paths.organizer.events}>Crear Primer Evento</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
