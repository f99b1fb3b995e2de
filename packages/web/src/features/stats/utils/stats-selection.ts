import { paths } from '@/app/paths';
import type { SelectionMemory } from '@/lib/event-selection';

/**
 * The statistics page shows one event: nothing until the organizer picks one ('Selecciona un
 * Evento'). It remembers the same event as the ticket types (docs/rules/constants.md `selectedEventoId`), so
 * 'Ajustar límites' and the way back land on the same event.
 */
export const statsSelection: SelectionMemory<null> = {
  showAllKey: 'estadisticas-show-all-events',
  eventoIdKey: 'selectedEventoId',
  fallback: null,
};

/** The event's ticket types, where its limits are changed (they apply to the next scan). */
export const ticketTypesOf = (eventoId: number) => `${paths.organizer.ticketTypes}?evento=${eventoId}`;
