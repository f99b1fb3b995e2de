import { useSearchParams } from 'react-router';
import { parseSelection } from '@/lib/event-selection';
import { ordersPath } from '../utils/order-selection';

/**
 * Where an order's page goes back to: the list with the selection it was opened from (its own
 * ?evento=), else the list as remembered (it reads the stored choice).
 */
export function useBackToOrders() {
  const [params] = useSearchParams();
  return ordersPath(parseSelection(params.get('evento')));
}
