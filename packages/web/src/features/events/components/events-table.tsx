import { eventStatus } from '@drinkflow/domain/event-status';
import type { Evento } from '@drinkflow/domain/events';
import { can, type EventRole } from '@drinkflow/domain/team-roles';
import { BarChart3, Eye, Pencil, QrCode, Trash2 } from 'lucide-react';
import { paths } from '@/app/paths';
import { DataList } from '@/components/data-list/data-list';
import type { DataListColumn, DataListLayout } from '@/components/data-list/data-list-types';
import { RowAction } from '@/components/data-list/row-action';
import { formatDateTime } from '@/lib/format';
import { EventRoleBadge } from './event-role-badge';
import { EventStatusBadge } from './event-status-badge';

interface EventsTableProps {
  events: Evento[];
  onEdit(evento: Evento): void;
  onDelete(evento: Evento): void;
}

function eventColumns(now: Date): DataListColumn<Evento>[] {
  return [
    {
      header: 'Evento',
      hideInCard: true,
      cell: (evento) => (
        <>
          <p className="font-medium text-slate-900">{evento.nombre}</p>
          <p className="text-slate-600">{evento.ubicacion}</p>
          <EventRoleBadge miRol={evento.miRol} className="mt-1" />
        </>
      ),
    },
    {
      header: 'Fecha Inicio',
      className: 'whitespace-nowrap',
      cell: (evento) => formatDateTime(evento.fechaInicio),
    },
    {
      header: 'Fecha Fin',
      className: 'whitespace-nowrap',
      cell: (evento) => formatDateTime(evento.fechaFin),
    },
    { header: 'Estado', cell: (evento) => <EventStatusBadge status={eventStatus(evento, now)} /> },
  ];
}

/** Ver, Editar and Eliminar: compact in a table row, large enough to tap on a card. */
function EventActions({
  evento,
  layout,
  onEdit,
  onDelete,
}: { evento: Evento; layout: DataListLayout } & Omit<EventsTableProps, 'events'>) {
  const action = { layout, itemName: evento.nombre };
  // An event shared with the organizer offers only what their role on its team allows (docs/rules/team.md).
  const rol: EventRole = evento.miRol ?? 'propietario';
  const shared = rol !== 'propietario';
  return (
    <div className={layout === 'table' ? 'flex justify-end gap-1' : 'contents'}>
      {can(rol, 'ver') && (
        <RowAction {...action} icon={Eye} label="Ver" to={paths.organizer.event(evento.id)} />
      )}
      {shared && can(rol, 'escanear') && (
        <RowAction
          {...action}
          icon={QrCode}
          label="Escáner"
          to={`${paths.organizer.scanner}?evento=${evento.id}`}
        />
      )}
      {shared && can(rol, 'estadisticas') && (
        <RowAction
          {...action}
          icon={BarChart3}
          label="Estadísticas"
          to={`${paths.organizer.stats}?evento=${evento.id}`}
        />
      )}
      {can(rol, 'gestionar') && (
        <RowAction {...action} icon={Pencil} label="Editar" onClick={() => onEdit(evento)} />
      )}
      {can(rol, 'borrar') && (
        <RowAction {...action} icon={Trash2} label="Eliminar" destructive onClick={() => onDelete(evento)} />
      )}
    </div>
  );
}

/** The organizer's events: a table on wide screens, cards on phones. */
export function EventsTable({ events, onEdit, onDelete }: EventsTableProps) {
  return (
    <DataList
      label="Eventos"
      items={events}
      columns={eventColumns(new Date())}
      rowKey={(evento) => evento.id}
      cardTitle={(evento) => evento.nombre}
      cardSubtitle={(evento) => (
        <>
          {evento.ubicacion}
          <EventRoleBadge miRol={evento.miRol} className="ml-2" />
        </>
      )}
      headingLevel={2}
      cardsClassName="p-4"
      renderActions={(evento, layout) => (
        <EventActions evento={evento} layout={layout} onEdit={onEdit} onDelete={onDelete} />
      )}
    />
  );
}
