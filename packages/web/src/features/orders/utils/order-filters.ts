import { ALL_EVENTS, type EventSelection } from '@/lib/event-selection';

/** The list's filters; days are yyyy-MM-dd (the server reads a whole day in Madrid time). */
export interface OrderFilters {
  search: string;
  ticketTypeId: string;
  desde: string;
  hasta: string;
}

export const noOrderFilters: OrderFilters = { search: '', ticketTypeId: '', desde: '', hasta: '' };

/** docs/rules/screens.md: search, ticket type and the date range each count one. */
export const activeFilterCount = (filters: OrderFilters) =>
  [filters.search.trim(), filters.ticketTypeId, filters.desde || filters.hasta].filter(Boolean).length;

export const DATE_RANGE_REVERSED = 'La fecha «Desde» es posterior a «Hasta»';

/** A 'Desde' after 'Hasta' matches nothing: the page says why instead of a bare 'Sin resultados'. */
export const dateRangeReversed = (filters: Pick<OrderFilters, 'desde' | 'hasta'>) =>
  Boolean(filters.desde && filters.hasta && filters.desde > filters.hasta);

export const filtersText = (count: number) =>
  count === 1 ? '1 filtro aplicado' : `${count} filtros aplicados`;

export interface OrdersRequest {
  selection: EventSelection;
  page: number;
  limit: number;
  filters: OrderFilters;
}

/** GET /api/pedidos/{eventoId} or /api/pedidos/all/organizer with the page and the filters set. */
export function ordersUrl({ selection, page, limit, filters }: OrdersRequest): string {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  const search = filters.search.trim();
  if (search) query.set('search', search);
  if (filters.ticketTypeId) query.set('ticketTypeId', filters.ticketTypeId);
  if (filters.desde) query.set('desde', filters.desde);
  if (filters.hasta) query.set('hasta', filters.hasta);
  const scope = selection === ALL_EVENTS ? 'all/organizer' : String(selection);
  return `/pedidos/${scope}?${query}`;
}
