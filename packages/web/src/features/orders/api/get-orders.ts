import type { OrdersPage } from '@drinkflow/domain/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ordersUrl, type OrdersRequest } from '../utils/order-filters';

/** How often a list showing an order whose email is 'En cola' is read again. */
const QUEUED_REFRESH_MS = 3000;

/** Every order-list query starts with this key; order mutations invalidate it as a whole. */
export const ordersKey = ['pedidos'] as const;

/** One page of orders of an event (or of all the organizer's events), filtered on the server. */
export const getOrders = (request: OrdersRequest, signal?: AbortSignal) =>
  api.get<OrdersPage>(ordersUrl(request), { signal });

export const ordersQueryOptions = (request: OrdersRequest) =>
  queryOptions({
    queryKey: [...ordersKey, request],
    queryFn: ({ signal }) => getOrders(request, signal),
    // The rows stay while the next page or filter loads, instead of a skeleton at every keystroke.
    placeholderData: keepPreviousData,
    // While a shown order's email waits in the queue, its state is read again until it changes.
    refetchInterval: (query) =>
      query.state.data?.pedidos.some((pedido) => pedido.envio.estado === 'en_cola')
        ? QUEUED_REFRESH_MS
        : false,
  });

export const useOrders = (request: OrdersRequest, enabled = true) =>
  useQuery({ ...ordersQueryOptions(request), enabled });
