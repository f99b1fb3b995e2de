import { ORDERS_PAGE_LIMIT } from '@drinkflow/domain/orders';
import { useState } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { EventSelection } from '@/lib/event-selection';
import { useOrders } from '../api/get-orders';
import { activeFilterCount, noOrderFilters, type OrderFilters } from '../utils/order-filters';

export const ORDERS_PAGE_SIZE = ORDERS_PAGE_LIMIT.default;

/**
 * One page of the selection's orders with the filters the person set. The server filters and
 * pages (an event may have 20,000 orders); the search goes once the typing pauses, and any filter
 * change returns to page 1.
 */
export function useOrdersList(selection: EventSelection) {
  const [filters, setFilters] = useState<OrderFilters>(noOrderFilters);
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(filters.search);
  // A cleared search applies at once; a typed one once the typing pauses.
  const applied = { ...filters, search: filters.search.trim() ? debounced : '' };
  const orders = useOrders({ selection, page, limit: ORDERS_PAGE_SIZE, filters: applied });

  const total = orders.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  // The last page emptied (its orders deleted elsewhere): show the new last page.
  if (orders.data && !orders.isPlaceholderData && page > pages) setPage(pages);

  const changeFilters = (next: OrderFilters) => {
    setFilters(next);
    setPage(1);
  };

  return {
    orders,
    filters,
    changeFilters,
    page,
    setPage,
    total,
    /** Filters the shown page was loaded with (the search once debounced). */
    appliedFilterCount: activeFilterCount(applied),
    filterCount: activeFilterCount(filters),
  };
}
