import { eventStatus, type Evento } from '@drinkflow/domain/events';
import type { EventFilters } from './events-filters';

/** Spec §5 list filters: text on name or place, derived status, start on the same UTC day. */
export function filterEvents(events: Evento[], filters: EventFilters, now = new Date()): Evento[] {
  const text = filters.search.trim().toLocaleLowerCase('es');
  return events.filter(
    (evento) =>
      (!text ||
        evento.nombre.toLocaleLowerCase('es').includes(text) ||
        evento.ubicacion.toLocaleLowerCase('es').includes(text)) &&
      (filters.status === 'todos' || eventStatus(evento, now) === filters.status) &&
      (!filters.day || evento.fechaInicio.slice(0, 10) === filters.day),
  );
}
