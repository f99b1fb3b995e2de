import { eventStatus, type EventStatus } from '@drinkflow/domain/event-status';
import type { Evento } from '@drinkflow/domain/events';

export interface EventFilters {
  search: string;
  status: EventStatus | 'todos';
  /** yyyy-MM-dd: events starting that calendar day where the organizer is (docs/decisions/012). */
  day: string;
}

export const noEventFilters: EventFilters = { search: '', status: 'todos', day: '' };

export const hasEventFilters = (filters: EventFilters) =>
  filters.search.trim() !== '' || filters.status !== 'todos' || filters.day !== '';

const pad = (n: number) => String(n).padStart(2, '0');
/** The local calendar day of an instant, as yyyy-MM-dd. */
const localDay = (iso: string) => {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** docs/rules/validation.md list filters: text on name or place, derived status, start on the chosen local day. */
export function filterEvents(events: Evento[], filters: EventFilters, now = new Date()): Evento[] {
  const text = filters.search.trim().toLocaleLowerCase('es');
  return events.filter(
    (evento) =>
      (!text ||
        evento.nombre.toLocaleLowerCase('es').includes(text) ||
        evento.ubicacion.toLocaleLowerCase('es').includes(text)) &&
      (filters.status === 'todos' || eventStatus(evento, now) === filters.status) &&
      (!filters.day || localDay(evento.fechaInicio) === filters.day),
  );
}
