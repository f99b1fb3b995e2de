/** The event selector's value for "all my events". */
export const ALL_EVENTS = 'todos';
export type EventSelection = typeof ALL_EVENTS | number;

/**
 * Where a list remembers its event (docs/rules/constants.md keys) and what it shows when nothing was chosen yet:
 * all events (ticket types) or nothing until the organizer picks (orders: 'Selecciona un Evento').
 */
export interface SelectionMemory<Fallback extends EventSelection | null = EventSelection | null> {
  showAllKey: string;
  eventoIdKey: string;
  fallback: Fallback;
}

type Reader = Pick<Storage, 'getItem'>;
type Writer = Pick<Storage, 'setItem'>;

/** A `?evento=` value: 'todos' or an event id (one of `eventIds`, when given). */
export function parseSelection(raw: string | null, eventIds?: readonly number[]): EventSelection | undefined {
  if (raw === ALL_EVENTS) return ALL_EVENTS;
  const id = Number(raw);
  return raw && Number.isInteger(id) && id > 0 && (!eventIds || eventIds.includes(id)) ? id : undefined;
}

/**
 * The selected event: the ?evento= query parameter first, then local storage, else the list's
 * fallback (docs/rules/screens.md). An id that is not one of the organizer's events is ignored.
 */
export function resolveSelection<Fallback extends EventSelection | null>(
  param: string | null,
  eventIds: readonly number[],
  storage: Reader,
  memory: SelectionMemory<Fallback>,
): EventSelection | Fallback {
  const fromParam = parseSelection(param, eventIds);
  if (fromParam !== undefined) return fromParam;
  if (storage.getItem(memory.showAllKey) === 'true') return ALL_EVENTS;
  return parseSelection(storage.getItem(memory.eventoIdKey), eventIds) ?? memory.fallback;
}

/** Remembers the choice for the next visit. */
export function storeSelection(selection: EventSelection, storage: Writer, memory: SelectionMemory): void {
  storage.setItem(memory.showAllKey, String(selection === ALL_EVENTS));
  if (selection !== ALL_EVENTS) storage.setItem(memory.eventoIdKey, String(selection));
}
