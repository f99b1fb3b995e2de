import { drinkTypeLabel } from '@drinkflow/domain/bebidas';
import { limitText, modoLabels, type Modo, type TipoTicket } from '@drinkflow/domain/ticket-types';
import { DataList } from '@/components/data-list/data-list';
import type { DataListColumn } from '@/components/data-list/data-list-types';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import { ALL_EVENTS, type EventSelection } from '@/lib/event-selection';
import { TicketTypeActions } from './ticket-type-actions';
import { festivalTexts } from '../utils/festival-text';

const modeTones: Record<Modo, 'blue' | 'violet' | 'amber'> = {
  por_cantidad: 'blue',
  temporal: 'violet',
  intervalos_controlados: 'amber',
};

interface TicketTypesTableProps {
  tipos: readonly TipoTicket[];
  /** Whose ticket types these are; the Evento column shows only for all events. */
  selection: EventSelection;
  loading?: boolean;
}

const nameColumn: DataListColumn<TipoTicket> = {
  header: 'Nombre',
  hideInCard: true,
  className: 'font-medium text-slate-900',
  cell: (tipo) => tipo.nombre,
};

const eventColumn: DataListColumn<TipoTicket> = {
  header: 'Evento',
  cell: (tipo) => (
    <>
      <span className="block text-slate-900">{tipo.evento?.nombre}</span>
      <span className="block text-xs text-slate-600">{tipo.evento?.ubicacion}</span>
    </>
  ),
};

const detailColumns: DataListColumn<TipoTicket>[] = [
  {
    header: 'Modo',
    cell: (tipo) => <Badge tone={modeTones[tipo.modo]}>{modoLabels[tipo.modo]}</Badge>,
  },
  { header: 'Tipo de Bebida', cell: (tipo) => drinkTypeLabel(tipo.drinkType) },
  {
    header: 'Restricciones',
    cell: (tipo) => (
      <>
        <span className="block text-slate-900">{limitText(tipo)}</span>
        {festivalTexts(tipo).map((text) => (
          <span key={text} className="block text-sm text-slate-800">
            {text}
          </span>
        ))}
        <span className="block text-xs text-slate-600">
          {formatDateTime(tipo.validoDesde)} – {formatDateTime(tipo.validoHasta)}
        </span>
      </>
    ),
  },
];

/** Ticket types: a table with a "⋯" menu on wide screens, cards with buttons on phones. */
export function TicketTypesTable({ tipos, selection, loading = false }: TicketTypesTableProps) {
  const showEvent = selection === ALL_EVENTS;
  return (
    <DataList
      label="Tipos de ticket"
      items={tipos}
      columns={showEvent ? [nameColumn, eventColumn, ...detailColumns] : [nameColumn, ...detailColumns]}
      rowKey={(tipo) => tipo.id}
      cardTitle={(tipo) => tipo.nombre}
      loading={loading}
      tableClassName={showEvent ? 'min-w-[920px]' : 'min-w-[760px]'}
      renderActions={(tipo, layout) => (
        <TicketTypeActions tipo={tipo} selection={selection} layout={layout} />
      )}
    />
  );
}
