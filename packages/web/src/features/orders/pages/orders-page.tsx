import { useState } from 'react';
import { EventSelector } from '@/components/event-selector';
import { MyEventsGate } from '@/components/my-events-gate';
import { useEventSelection } from '@/hooks/use-event-selection';
import { useMyEvents } from '@/hooks/use-my-events';
import { formatDate } from '@/lib/format';
import { CreateOrderDialog } from '../components/create-order-dialog';
import { ImportGuestsDialog } from '../components/import-guests-dialog';
import { NoEvents, SelectEventPrompt } from '../components/no-events';
import { OrderEventActions } from '../components/order-event-actions';
import { OrdersList } from '../components/orders-list';
import { ordersSelection } from '../utils/order-selection';

/** /organizer/pedidos: the orders of one event or of all the organizer's events. */
export function OrdersPage() {
  const events = useMyEvents();
  const { selection, select } = useEventSelection(events.data, ordersSelection);
  const [dialog, setDialog] = useState<'create' | 'import' | null>(null);
  const selected = events.data?.find((evento) => evento.id === selection);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">Pedidos</h1>
          <p className="text-slate-600">Los invitados de tus eventos y sus tickets.</p>
        </div>
        {selected && (
          <OrderEventActions
            evento={selected}
            onCreate={() => setDialog('create')}
            onImport={() => setDialog('import')}
          />
        )}
      </div>
      <MyEventsGate events={events} selection={selection} noEvents={<NoEvents />}>
        {(list, chosen) => (
          <>
            <EventSelector
              id="pedidos-evento"
              events={list}
              selection={chosen}
              onChange={select}
              optionLabel={(evento) => `${evento.nombre} — ${formatDate(evento.fechaInicio)}`}
            />
            {chosen === null ? <SelectEventPrompt /> : <OrdersList key={String(chosen)} selection={chosen} />}
          </>
        )}
      </MyEventsGate>
      {selected && (
        <>
          <CreateOrderDialog
            evento={selected}
            open={dialog === 'create'}
            onOpenChange={(open) => setDialog(open ? 'create' : null)}
          />
          <ImportGuestsDialog
            evento={selected}
            open={dialog === 'import'}
            onOpenChange={(open) => setDialog(open ? 'import' : null)}
          />
        </>
      )}
    </div>
  );
}
