import type { Evento } from '@drinkflow/domain/events';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ALL_EVENTS, type EventSelection } from '@/lib/event-selection';

interface EventSelectorProps<E extends Pick<Evento, 'id'>> {
  id: string;
  events: readonly E[];
  /** null: nothing chosen yet; the select then asks for a choice. */
  selection: EventSelection | null;
  onChange(selection: EventSelection): void;
  /** How an event reads in the list, e.g. its name and place or its name and start date. */
  optionLabel(evento: E): string;
}

/** 'Todos mis eventos' or one event, for the lists that show one event's records or all of them. */
export function EventSelector<E extends Pick<Evento, 'id'>>({
  id,
  events,
  selection,
  onChange,
  optionLabel,
}: EventSelectorProps<E>) {
  return (
    <div className="w-full space-y-2 sm:max-w-md">
      <Label htmlFor={id}>Evento</Label>
      <NativeSelect
        id={id}
        value={selection === null ? '' : String(selection)}
        onChange={(event) => {
          const value = event.target.value;
          onChange(value === ALL_EVENTS ? ALL_EVENTS : Number(value));
        }}
      >
        {selection === null && (
          <option value="" disabled>
            Selecciona un evento
          </option>
        )}
        <option value={ALL_EVENTS}>Todos mis eventos</option>
        {events.map((evento) => (
          <option key={evento.id} value={evento.id}>
            {optionLabel(evento)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
