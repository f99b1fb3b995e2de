import { CalendarPlus } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from './empty-state';

/** Orders belong to an event: without events there is nothing to sell yet. */
export function NoEvents() {
  return (
    <Card>
      <EmptyState
        icon={CalendarPlus}
        title="No hay eventos creados"
        action={
          <Button asChild>
            <Link to={paths.organizer.events}>Crear Mi Primer Evento</Link>
          </Button>
        }
      >
        Crea un evento y sus tipos de ticket para empezar a registrar pedidos.
      </EmptyState>
    </Card>
  );
}

/** Nothing chosen yet in the selector (docs/rules/screens.md 'Selecciona un Evento'). */
export function SelectEventPrompt() {
  return (
    <Card>
      <EmptyState icon={CalendarPlus} title="Selecciona un Evento">
        Elige un evento en el selector para ver sus pedidos, o «Todos mis eventos» para verlos todos.
      </EmptyState>
    </Card>
  );
}
