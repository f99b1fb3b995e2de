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

function parse(raw: string | null, eventIds: readonly number[]): EventSelection | undefined {
  if (raw === ALL_EVENTS) return ALL_EVENTS;
  const id = Number(raw);
  return raw && Number.isInteger(id) && eventIds.includes(id) ? id : undefined;
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
  const fromParam = parse(param, eventIds);
  if (fromParam !== undefined) return fromParam;
  if (storage.getItem(selectionStorageKeys.showAll) === 'true') return ALL_EVENTS;
  return parse(storage.getItem(selectionStorageKeys.eventoId), eventIds) ?? ALL_EVENTS;
}

/** Remembers the choice for the next visit. */
export function storeSelection(selection: EventSelection, storage: Writer): void {
  storage.setItem(selectionStorageKeys.showAll, String(selection === ALL_EVENTS));
  if (selection !== ALL_EVENTS) storage.setItem(selectionStorageKeys.eventoId, String(selection));
}
