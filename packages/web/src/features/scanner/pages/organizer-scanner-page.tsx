import type { Evento } from '@drinkflow/domain/events';
import { CalendarPlus, QrCode } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { MyEventsGate } from '@/components/my-events-gate';
import { AddDrinksButton } from '@/components/top-ups/top-up-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useEventSelection } from '@/hooks/use-event-selection';
import { useMyEvents } from '@/hooks/use-my-events';
import { useAuth } from '@/lib/auth';
import type { SelectionMemory } from '@/lib/event-selection';
import { ScannerPanel } from '../components/scanner-panel';
import { useOwnDevice } from '../hooks/use-own-device';
import { useScannerEvent } from '../hooks/use-scanner-event';
import { dateTime } from '../utils/ticket-display';

/** Remembers the event last scanned for; nothing is chosen on the first visit. */
const scannerSelection: SelectionMemory<null> = {
  showAllKey: 'scanner-show-all-events',
  eventoIdKey: 'scanner-selected-evento',
  fallback: null,
};

/**
 * /organizer/scanner: the organizer scans for one of their events with the same scanner as the
 * bar staff, through the same public API and the event's key (docs/rules/scanner.md).
 */
export function OrganizerScannerPage() {
  const events = useMyEvents();
  const { selection, select } = useEventSelection(events.data, scannerSelection);

  return (
    // On a phone the result and the code field must fit under the header: tighter, without the intro.
    <div className="mx-auto max-w-xl space-y-3 sm:space-y-6">
      <div className="space-y-1">
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">Escáner QR</h1>
        <p className="hidden text-slate-600 sm:block">
          Valida los tickets de tus eventos y registra sus consumiciones.
        </p>
      </div>
      <MyEventsGate events={events} selection={selection} noEvents={<NoEvents />}>
        {(list, chosen) => {
          // A scanner serves one event: 'todos' (from another list's link) counts as no choice.
          const evento = list.find((item) => item.id === chosen);
          return (
            <>
              <div className="space-y-2">
                <Label htmlFor="scanner-evento">Evento</Label>
                <NativeSelect
                  id="scanner-evento"
                  value={evento ? String(evento.id) : ''}
                  onChange={(event) => select(Number(event.target.value))}
                >
                  {!evento && (
                    <option value="" disabled>
                      Selecciona un evento
                    </option>
                  )}
                  {list.map((item) => (
                    <option key={item.id} value={item.id}>
                      {optionLabel(item)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              {evento ? (
                <OwnScanner key={evento.apiKey} evento={evento} />
              ) : (
                <Card className="flex flex-col items-center gap-3 p-8 text-center">
                  <QrCode className="h-10 w-10 text-slate-500" aria-hidden />
                  <h2 className="text-lg font-semibold text-slate-900">Selecciona un Evento</h2>
                  <p className="max-w-md text-sm text-slate-600">
                    Elige en el selector el evento cuyos tickets vas a escanear.
                  </p>
                </Card>
              )}
            </>
          );
        }}
      </MyEventsGate>
    </div>
  );
}

/**
 * The scanner of one of the person's events. It pairs first as their own device (docs/rules/devices.md),
 * so each drink it records names the person and shows on the event's device board.
 */
function OwnScanner({ evento }: { evento: Evento }) {
  const { user } = useAuth();
  const own = useOwnDevice(evento.id, evento.apiKey, user?.nombre ?? '');
  if (own.status === 'pairing') return <Preparing />;
  return <PairedScanner evento={evento} own={own} />;
}

function Preparing() {
  return (
    <p role="status" className="py-8 text-center text-slate-600">
      Preparando el escáner...
    </p>
  );
}

/**
 * The scanner once paired. It reads the event as the bar's scanner does, so it knows whether a
 * ticket type names bars and the bar must be chosen first (docs/decisions/065); without an
 * answer, the event of the list.
 */
function PairedScanner({ evento, own }: { evento: Evento; own: ReturnType<typeof useOwnDevice> }) {
  const { state } = useScannerEvent(evento.apiKey);
  if (state.status === 'loading') return <Preparing />;
  return (
    <ScannerPanel
      apiKey={evento.apiKey}
      event={state.status === 'ready' ? { ...evento, ...state.event } : evento}
      // The selector above names the event.
      eventOnPhones={false}
      // Only the organizer may add drinks (docs/rules/festivals.md), to a ticket with a limit.
      ticketActions={({ ticket, tipoTicket }, reload) =>
        tipoTicket.modo !== 'temporal' &&
        tipoTicket.maxDrinks !== null && <AddDrinksButton ticketId={ticket.id} onAdded={reload} />
      }
      blockedAction={
        <div className="space-y-2">
          <Button onClick={() => void own.pairAgain()}>Autorizar este dispositivo con mi cuenta</Button>
          {own.failed && (
            <p role="alert" className="text-sm text-red-700">
              No se pudo autorizar este dispositivo. Comprueba la conexión o pide permiso al organizador.
            </p>
          )}
        </div>
      }
    />
  );
}

const optionLabel = (evento: Evento) => `${evento.nombre} — ${dateTime(evento.fechaInicio)}`;

function NoEvents() {
  return (
    <Card className="flex flex-col items-center gap-3 p-8 text-center">
      <CalendarPlus className="h-10 w-10 text-slate-500" aria-hidden />
      <h2 className="text-lg font-semibold text-slate-900">No hay eventos creados</h2>
      <p className="max-w-md text-sm text-slate-600">Crea un evento y sus tickets para poder escanearlos.</p>
      <Button asChild>
        <Link to={paths.organizer.events}>Crear Mi Primer Evento</Link>
      </Button>
    </Card>
  );
}
