import { paths } from '@/app/paths';

/** The event selector's value for "all my events". */
export const ALL_EVENTS = 'todos';
export type EventSelection = typeof ALL_EVENTS | number;

/** Local storage keys (spec §9). */
export const selectionStorageKeys = {
  eventoId: 'selectedEventoId',
  showAll: 'tipos-ticket-show-all-events',
} as const;

type Reader = Pick<Storage, 'getItem'>;
type Writer = Pick<Storage, 'setItem'>;

/** A `?evento=` value: 'todos' or an event id (one of `eventIds`, when given). */
export function parseSelection(raw: string | null, eventIds?: readonly number[]): EventSelection | undefined {
  if (raw === ALL_EVENTS) return ALL_EVENTS;
  const id = Number(raw);
  return raw && Number.isInteger(id) && id > 0 && (!eventIds || eventIds.includes(id)) ? id : undefined;
}

/**
 * The selected event: the ?evento= query parameter first, then local storage, else all events
 * (spec §2). An id that is not one of the organizer's events is ignored.
 */
export function resolveSelection(
  param: string | null,
  eventIds: readonly number[],
  storage: Reader,
): EventSelection {
  const fromParam = parseSelection(param, eventIds);
  if (fromParam !== undefined) return fromParam;
  if (storage.getItem(selectionStorageKeys.showAll) === 'true') return ALL_EVENTS;
  return parseSelection(storage.getItem(selectionStorageKeys.eventoId), eventIds) ?? ALL_EVENTS;
}

/** Remembers the choice for the next visit. */
export function storeSelection(selection: EventSelection, storage: Writer): void {
  storage.setItem(selectionStorageKeys.showAll, String(selection === ALL_EVENTS));
  if (selection !== ALL_EVENTS) storage.setItem(selectionStorageKeys.eventoId, String(selection));
}

/** The ticket-type list showing this selection, e.g. /organizer/tipos-ticket?evento=3. */
export const ticketTypesPath = (selection?: EventSelection) =>
  selection === undefined
    ? paths.organizer.ticketTypes
    : `${paths.organizer.ticketTypes}?evento=${selection}`;

/** The edit page, carrying the list's selection so that it can go back to it. */
export const ticketTypeEditPath = (id: number, selection: EventSelection) =>
  `${paths.organizer.ticketTypeEdit(id)}?evento=${selection}`;
