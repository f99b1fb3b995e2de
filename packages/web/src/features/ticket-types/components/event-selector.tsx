import type { Evento } from '@drinkflow/domain/events';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ALL_EVENTS, type EventSelection } from '../utils/event-selection';

interface EventSelectorProps {
  events: readonly Pick<Evento, 'id' | 'nombre' | 'ubicacion'>[];
  selection: EventSelection;
  onChange(selection: EventSelection): void;
}

export function EventSelector({ events, selection, onChange }: EventSelectorProps) {
  return (
    <div className="w-full space-y-2 sm:max-w-md">
      <Label htmlFor="tipos-ticket-evento">Evento</Label>
      <NativeSelect
        id="tipos-ticket-evento"
        value={String(selection)}
        onChange={(event) => {
          const value = event.target.value;
          onChange(value === ALL_EVENTS ? ALL_EVENTS : Number(value));
        }}
      >
        <option value={ALL_EVENTS}>Todos mis eventos</option>
        {events.map((evento) => (
          <option key={evento.id} value={evento.id}>
            {evento.nombre} — {evento.ubicacion}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
