import type { QueryClient } from '@tanstack/react-query';
import { emailProgressRootKey } from './email-progress';
import { ordersKey } from './get-orders';

/**
 * After orders are created, deleted or imported: everything that lists or counts them — the orders
 * lists, the event detail's active orders, and the email progress ('Enviar tickets por email' and
 * the list's email states).
 */
export const refreshOrderCounts = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ordersKey }),
    queryClient.invalidateQueries({ queryKey: ['evento'] }),
    queryClient.invalidateQueries({ queryKey: emailProgressRootKey }),
  ]);
