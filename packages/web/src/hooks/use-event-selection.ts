import type { Evento } from '@drinkflow/domain/events';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import {
  resolveSelection,
  storeSelection,
  type EventSelection,
  type SelectionMemory,
} from '@/lib/event-selection';

const withSelection = (next: EventSelection) => (current: URLSearchParams) => {
  const updated = new URLSearchParams(current);
  updated.set('evento', String(next));
  return updated;
};

/**
 * The event a list shows: ?evento= first, then local storage, else the list's fallback.
 * `selection` is undefined until the events have loaded. Once resolved to an event or 'todos', the
 * URL and local storage both hold it, so a reload, a detail page's way back and the next visit all
 * find the same event.
 */
export function useEventSelection<Fallback extends EventSelection | null>(
  events: readonly Pick<Evento, 'id'>[] | undefined,
  memory: SelectionMemory<Fallback>,
) {
  const [params, setParams] = useSearchParams();
  const param = params.get('evento');
  const selection = events
    ? resolveSelection(
        param,
        events.map((evento) => evento.id),
        localStorage,
        memory,
      )
    : undefined;
  const hasEvents = !!events?.length;

  useEffect(() => {
    // Without events there is nothing to choose: keep what was stored for when there are.
    if (selection === undefined || selection === null || !hasEvents) return;
    storeSelection(selection, localStorage, memory);
    if (param !== String(selection)) setParams(withSelection(selection), { replace: true });
  }, [selection, param, hasEvents, setParams, memory]);

  const select = (next: EventSelection) => setParams(withSelection(next), { replace: true });
  return { selection, select };
}
