import { useSearchParams } from 'react-router';
import { parseSelection } from '@/lib/event-selection';
import { ticketTypesPath } from '../utils/event-selection';

/**
 * Where the edit page goes back to: the list with the selection it was opened from (its own
 * ?evento=), else with the ticket type's event, else with whatever the list remembers.
 */
export function useListPath(eventoId?: number) {
  const [params] = useSearchParams();
  return ticketTypesPath(parseSelection(params.get('evento')) ?? eventoId);
}
