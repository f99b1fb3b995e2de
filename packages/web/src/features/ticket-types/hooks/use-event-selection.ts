import type { Evento } from '@drinkflow/domain/events';
import { useSearchParams } from 'react-router';
import { resolveSelection, storeSelection, type EventSelection } from '../utils/event-selection';

/**
 * The event whose ticket types are shown: ?evento= first, then local storage, else all events.
 * A choice updates both. `selection` is undefined until the events have loaded.
 */
export function useEventSelection(events: readonly Pick<Evento, 'id'>[] | undefined) {
  const [params, setParams] = useSearchParams();
  const selection = events
    ? resolveSelection(
        params.get('evento'),
        events.map((evento) => evento.id),
        localStorage,
      )
    : undefined;

  const select = (next: EventSelection) => {
    storeSelection(next, localStorage);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('evento', String(next));
        return updated;
      },
      { replace: true },
    );
  };

  return { selection, select };
}
