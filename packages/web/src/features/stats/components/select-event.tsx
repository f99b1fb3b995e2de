import { BarChart3 } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** No event chosen, or none to choose (docs/rules/screens.md 'Selecciona un Evento' / 'Ir a Mis Eventos'). */
export function SelectEvent({ hasEvents }: { hasEvents: boolean }) {
  return (
    <Card className="flex flex-col items-center gap-3 p-10 text-center">
      <BarChart3 className="h-10 w-10 text-slate-500" aria-hidden />
      <h2 className="text-lg font-semibold text-slate-900">Selecciona un Evento</h2>
      <p className="max-w-md text-sm text-slate-600">
        {hasEvents
          ? 'Elige un evento en el selector para ver sus estadísticas en directo.'
          : 'Las estadísticas son de un evento: crea uno en Mis Eventos para empezar.'}
      </p>
      <Button asChild variant="outline">
        <Link to={paths.organizer.events}>Ir a Mis Eventos</Link>
      </Button>
    </Card>
  );
}
