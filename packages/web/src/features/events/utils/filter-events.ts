import { eventStatus, type EventStatus, type Evento } from '@drinkflow/domain/events';

export interface EventFilters {
  search: string;
  status: EventStatus | 'todos';
  /** yyyy-MM-dd: events starting that UTC calendar day. */
  day: string;
}

export const noEventFilters: EventFilters = { search: '', status: 'todos', day: '' };

export const hasEventFilters = (filters: EventFilters) =>
  filters.search.trim() !== '' || filters.status !== 'todos' || filters.day !== '';

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
