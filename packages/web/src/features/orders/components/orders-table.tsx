import type { Pedido } from '@drinkflow/domain/orders';
import { Eye, Trash2 } from 'lucide-react';
import { DataList } from '@/components/data-list/data-list';
import type { DataListColumn } from '@/components/data-list/data-list-types';
import { RowAction } from '@/components/data-list/row-action';
import { ALL_EVENTS, type EventSelection } from '@/lib/event-selection';
import { formatDate, formatDateTime } from '@/lib/format';
import { orderPath } from '../utils/order-selection';
import { EmailStatusBadge } from './email-status';

interface OrdersTableProps {
  pedidos: Pedido[];
  selection: EventSelection;
  loading?: boolean;
  /** Shows each order's email state under its address (see useShowsEmailStatus). */
  showEmailStatus?: boolean;
  onDelete(pedido: Pedido): void;
}

function orderColumns(allEvents: boolean, showEmailStatus: boolean): DataListColumn<Pedido>[] {
  return [
    {
      header: 'Nombre',
      hideInCard: true,
      cell: (pedido) => (
        <>
          <p className="font-medium text-slate-900">{pedido.nombreCompleto}</p>
          {pedido.telefono && <p className="text-slate-600">{pedido.telefono}</p>}
        </>
      ),
    },
    {
      header: 'Email',
      // One line, never broken mid-word: cut with an ellipsis, the whole address in the tooltip.
      className: 'max-w-[16rem]',
      cell: (pedido) => (
        <>
          <span className="block truncate" title={pedido.email}>
            {pedido.email}
          </span>
          {/* Under the address, not a column of its own: the table has no width to spare at 1280 px. */}
          {showEmailStatus && (
            <span className="mt-1 block">
              <span className="sr-only">Estado del email: </span>
              <EmailStatusBadge envio={pedido.envio} compact />
            </span>
          )}
        </>
      ),
    },
    ...(allEvents
      ? [
          {
            header: 'Evento',
            cell: (pedido: Pedido) => (
              <>
                <p>{pedido.evento.nombre}</p>
                <p className="text-slate-600">{formatDate(pedido.evento.fechaInicio)}</p>
              </>
            ),
          },
        ]
      : []),
    { header: 'Tipo de Ticket', cell: (pedido) => pedido.tipoTicket?.nombre ?? 'Sin tickets' },
    { header: 'Tickets', cell: (pedido) => pedido.totalTickets },
    { header: 'Fecha', className: 'whitespace-nowrap', cell: (pedido) => formatDateTime(pedido.createdAt) },
  ];
}

/** The orders of the page: a table on wide screens, cards on phones; 'Ver detalle' and 'Eliminar'. */
export function OrdersTable({
  pedidos,
  selection,
  loading,
  showEmailStatus = false,
  onDelete,
}: OrdersTableProps) {
  return (
    <DataList
      label="Pedidos"
      items={pedidos}
      loading={loading}
      columns={orderColumns(selection === ALL_EVENTS, showEmailStatus)}
      rowKey={(pedido) => pedido.id}
      cardTitle={(pedido) => pedido.nombreCompleto}
      cardSubtitle={(pedido) => pedido.telefono}
      headingLevel={3}
      cardsClassName="p-4"
      renderActions={(pedido, layout) => {
        const action = { layout, itemName: pedido.nombreCompleto };
        return (
          <div className={layout === 'table' ? 'flex justify-end gap-1' : 'contents'}>
            <RowAction {...action} icon={Eye} label="Ver detalle" to={orderPath(pedido.id, selection)} />
            <RowAction
              {...action}
              icon={Trash2}
              label="Eliminar"
              destructive
              onClick={() => onDelete(pedido)}
            />
          </div>
        );
      }}
    />
  );
}
