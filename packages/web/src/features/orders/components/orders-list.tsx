import type { Pedido } from '@drinkflow/domain/orders';
import { ClipboardList, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Pagination } from '@/components/pagination';
import { LoadError } from '@/components/load-error';
import { Card } from '@/components/ui/card';
import { useAllTicketTypes, useEventTicketTypes } from '@/hooks/use-ticket-types';
import { ALL_EVENTS, type EventSelection } from '@/lib/event-selection';
import { ORDERS_PAGE_SIZE, useOrdersList } from '../hooks/use-orders-list';
import { useShowsEmailStatus } from '../hooks/use-shows-email-status';
import { filtersText } from '../utils/order-filters';
import { DeleteOrderDialog } from './delete-order-dialog';
import { EmptyState } from './empty-state';
import { OrdersFilters, type TicketTypeOption } from './orders-filters';
import { OrdersTable } from './orders-table';

const noun = { one: 'pedido', other: 'pedidos' };

/** The filter's choices: the event's ticket types, or every type labelled with its event. */
function useTicketTypeOptions(selection: EventSelection): TicketTypeOption[] {
  const allEvents = selection === ALL_EVENTS;
  const single = useEventTicketTypes(allEvents ? undefined : selection);
  const all = useAllTicketTypes(allEvents);
  return allEvents
    ? (all.data ?? []).map((tipo) => ({
        id: tipo.id,
        label: `${tipo.nombre} — ${tipo.evento?.nombre ?? ''}`,
      }))
    : (single.data ?? []).map((tipo) => ({ id: tipo.id, label: tipo.nombre }));
}

/** docs/rules/screens.md footer: 'Mostrando X de Y pedidos (n filtros aplicados)'. */
const footerText = (shown: number, total: number, filters: number) =>
  `Mostrando ${shown} de ${total} ${total === 1 ? noun.one : noun.other}` +
  (filters > 0 ? ` (${filtersText(filters)})` : '');

/** The selection's orders: filters, the list (server-paged), its footer and the delete dialog. */
export function OrdersList({ selection }: { selection: EventSelection }) {
  const list = useOrdersList(selection);
  const ticketTypes = useTicketTypeOptions(selection);
  const [deleting, setDeleting] = useState<Pedido | null>(null);
  const { orders, total, appliedFilterCount } = list;
  const pedidos = orders.data?.pedidos ?? [];
  const showEmailStatus = useShowsEmailStatus(selection, pedidos);
  const noOrdersAtAll = orders.isSuccess && total === 0 && appliedFilterCount === 0 && list.filterCount === 0;

  let content;
  if (orders.isError && !orders.data) {
    content = (
      <div className="p-4">
        <LoadError message="No se pudieron cargar los pedidos." onRetry={() => void orders.refetch()} />
      </div>
    );
  } else if (orders.isPending) {
    content = <OrdersTable pedidos={[]} selection={selection} loading onDelete={setDeleting} />;
  } else if (total === 0 && appliedFilterCount === 0) {
    content = (
      <EmptyState icon={ClipboardList} title="No hay pedidos">
        {selection === ALL_EVENTS
          ? 'No se han encontrado pedidos en tus eventos.'
          : 'No se han encontrado pedidos para este evento.'}
      </EmptyState>
    );
  } else if (total === 0) {
    content = (
      <EmptyState icon={SearchX} title="Sin resultados">
        No se encontraron pedidos que coincidan con los filtros aplicados.
      </EmptyState>
    );
  } else {
    content = (
      <>
        <OrdersTable
          pedidos={pedidos}
          selection={selection}
          showEmailStatus={showEmailStatus}
          onDelete={setDeleting}
        />
        <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-700" aria-live="polite">
          {footerText(pedidos.length, total, appliedFilterCount)}
        </p>
        {total > ORDERS_PAGE_SIZE && (
          <Pagination
            page={list.page}
            pageSize={ORDERS_PAGE_SIZE}
            total={total}
            noun={noun}
            onPageChange={list.setPage}
            showCount={false}
          />
        )}
      </>
    );
  }

  return (
    <Card aria-busy={orders.isFetching || undefined}>
      {!noOrdersAtAll && (
        <OrdersFilters filters={list.filters} onChange={list.changeFilters} ticketTypes={ticketTypes} />
      )}
      {content}
      <DeleteOrderDialog pedido={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
