import { Info, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useMyEvents } from '@/hooks/use-my-events';
import { CreateTicketTypeDialog } from '../components/create-ticket-type-dialog';
import { EventSelector } from '../components/event-selector';
import { InfoBanner } from '../components/info-banner';
import { LoadError } from '../components/load-error';
import { NoEvents } from '../components/no-events';
import { TicketTypesList } from '../components/ticket-types-list';
import { useEventSelection } from '../hooks/use-event-selection';
import { ALL_EVENTS } from '../utils/event-selection';

/** A ticket type belongs to one event: say how to get the create button. */
function PickEventHint() {
  return (
    <p className="flex items-start gap-2 text-sm text-slate-600 sm:max-w-xs">
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      Para crear un tipo de ticket, elige primero un evento en el selector.
    </p>
  );
}

/** /organizer/tipos-ticket: the ticket types of one event or of all the organizer's events. */
export function TicketTypesPage() {
  const events = useMyEvents();
  const { selection, select } = useEventSelection(events.data);
  const [creating, setCreating] = useState(false);
  const selected = events.data?.find((evento) => evento.id === selection);

  let content;
  if (events.isError) {
    content = (
      <LoadError message="No se pudieron cargar tus eventos." onRetry={() => void events.refetch()} />
    );
  } else if (!events.data || selection === undefined) {
    content = (
      <div className="space-y-4" role="status" aria-label="Cargando eventos">
        <Skeleton className="h-16 w-full max-w-md" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  } else if (events.data.length === 0) {
    content = <NoEvents />;
  } else {
    content = (
      <>
        <EventSelector events={events.data} selection={selection} onChange={select} />
        <InfoBanner allEvents={selection === ALL_EVENTS} />
        <TicketTypesList key={String(selection)} selection={selection} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">Tipos de Ticket</h1>
          <p className="text-slate-600">
            Configura los tipos de ticket de tus eventos y sus límites de consumo.
          </p>
        </div>
        {selected ? (
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden />
            Nuevo Tipo de Ticket
          </Button>
        ) : (
          selection === ALL_EVENTS && !!events.data?.length && <PickEventHint />
        )}
      </div>
      {content}
      {selected && <CreateTicketTypeDialog evento={selected} open={creating} onOpenChange={setCreating} />}
    </div>
  );
}
