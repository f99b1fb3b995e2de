import type { OrdersPage } from '@drinkflow/domain/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ordersUrl, type OrdersRequest } from '../utils/order-filters';

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
  });

export const useOrders = (request: OrdersRequest, enabled = true) =>
  useQuery({ ...ordersQueryOptions(request), enabled });
