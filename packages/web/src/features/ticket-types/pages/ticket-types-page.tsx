import { Info, Plus } from 'lucide-react';
import { useState } from 'react';
import { EventSelector } from '@/components/event-selector';
import { MyEventsGate } from '@/components/my-events-gate';
import { Button } from '@/components/ui/button';
import { useEventSelection } from '@/hooks/use-event-selection';
import { useMyEvents } from '@/hooks/use-my-events';
import { ALL_EVENTS } from '@/lib/event-selection';
import { CreateTicketTypeDialog } from '../components/create-ticket-type-dialog';
import { InfoBanner } from '../components/info-banner';
import { NoEvents } from '../components/no-events';
import { TicketTypesList } from '../components/ticket-types-list';
import { ticketTypesSelection } from '../utils/event-selection';

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
  const { selection, select } = useEventSelection(events.data, ticketTypesSelection);
  const [creating, setCreating] = useState(false);
  const selected = events.data?.find((evento) => evento.id === selection);

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
      <MyEventsGate events={events} selection={selection} noEvents={<NoEvents />}>
        {(list, chosen) => (
          <>
            <EventSelector
              id="tipos-ticket-evento"
              events={list}
              selection={chosen}
              onChange={select}
              optionLabel={(evento) => `${evento.nombre} — ${evento.ubicacion}`}
            />
            <InfoBanner allEvents={chosen === ALL_EVENTS} />
            <TicketTypesList key={String(chosen)} selection={chosen} />
          </>
        )}
      </MyEventsGate>
      {selected && <CreateTicketTypeDialog evento={selected} open={creating} onOpenChange={setCreating} />}
    </div>
  );
}
