import { paths } from '@/app/paths';
import { ALL_EVENTS, type EventSelection, type SelectionMemory } from '@/lib/event-selection';

/** docs/rules/constants.md keys; without a remembered choice the list shows all events. */
export const ticketTypesSelection: SelectionMemory<typeof ALL_EVENTS> = {
  showAllKey: 'tipos-ticket-show-all-events',
  eventoIdKey: 'selectedEventoId',
  fallback: ALL_EVENTS,
};

/** The ticket-type list showing this selection, e.g. /organizer/tipos-ticket?evento=3. */
export const ticketTypesPath = (selection?: EventSelection) =>
  selection === undefined
    ? paths.organizer.ticketTypes
    : `${paths.organizer.ticketTypes}?evento=${selection}`;

/** The edit page, carrying the list's selection so that it can go back to it. */
export const ticketTypeEditPath = (id: number, selection: EventSelection) =>
  `${paths.organizer.ticketTypeEdit(id)}?evento=${selection}`;
