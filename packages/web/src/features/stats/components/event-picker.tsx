import type { Evento } from '@drinkflow/domain/events';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { formatDateTime } from '@/lib/format';

/** One of the organizer's events (statistics are per event: there is no 'all events' choice). */
export function EventPicker({
  events,
  selected,
  onChange,
}: {
  events: readonly Evento[];
  selected: number | null;
  onChange(eventoId: number): void;
}) {
  return (
    <div className="w-full space-y-2 sm:max-w-md">
      <Label htmlFor="estadisticas-evento">Evento</Label>
      <NativeSelect
        id="estadisticas-evento"
        value={selected === null ? '' : String(selected)}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {selected === null && (
          <option value="" disabled>
            Selecciona un evento
          </option>
        )}
        {events.map((evento) => (
          <option key={evento.id} value={evento.id}>
            {`${evento.nombre} — ${formatDateTime(evento.fechaInicio)}`}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
