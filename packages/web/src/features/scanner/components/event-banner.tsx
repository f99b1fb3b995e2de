import type { ScannerEvent } from '@drinkflow/domain/scanner';
import { CalendarDays, MapPin } from 'lucide-react';
import { dateTime } from '../utils/ticket-display';

/** The event this scanner serves: name, place, start and end (dd/MM/yyyy HH:mm, Europe/Madrid). */
export function EventBanner({ event }: { event: ScannerEvent }) {
  return (
    <section
      aria-label="Evento"
      className="rounded-xl border border-slate-700 bg-slate-900 p-4 text-white shadow-sm"
    >
      <h2 className="text-xl font-bold break-words">{event.nombre}</h2>
      <p className="mt-1 flex items-start gap-2 text-sm text-slate-200">
        <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span className="break-words">{event.ubicacion}</span>
      </p>
      <p className="mt-1 flex items-start gap-2 text-sm text-slate-200">
        <CalendarDays className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>
          {dateTime(event.fechaInicio)} – {dateTime(event.fechaFin)}
        </span>
      </p>
    </section>
  );
}
