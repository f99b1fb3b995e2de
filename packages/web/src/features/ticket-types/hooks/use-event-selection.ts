import type { Evento } from '@drinkflow/domain/events';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { resolveSelection, storeSelection, type EventSelection } from '../utils/event-selection';

const withSelection = (next: EventSelection) => (current: URLSearchParams) => {
  const updated = new URLSearchParams(current);
  updated.set('evento', String(next));
  return updated;
};

/**
 * The event whose ticket types are shown: ?evento= first, then local storage, else all events.
 * `selection` is undefined until the events have loaded. Once resolved, the URL and local storage
 * both hold it, so a reload, the edit page's way back and the next visit all find the same event.
 */
export function useEventSelection(events: readonly Pick<Evento, 'id'>[] | undefined) {
  const [params, setParams] = useSearchParams();
  const param = params.get('evento');
  const selection = events
    ? resolveSelection(
        param,
        events.map((evento) => evento.id),
        localStorage,
      )
    : undefined;
  const hasEvents = !!events?.length;

  useEffect(() => {
    // Without events there is nothing to choose: keep what was stored for when there are.
    if (selection === undefined || !hasEvents) return;
    storeSelection(selection, localStorage);
    if (param !== String(selection)) setParams(withSelection(selection), { replace: true });
  }, [selection, param, hasEvents, setParams]);

  const select = (next: EventSelection) => setParams(withSelection(next), { replace: true });
  return { selection, select };
}
