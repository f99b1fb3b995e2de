import { useState, type ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAllTicketTypes, useEventTicketTypes } from '@/hooks/use-ticket-types';
import { ALL_EVENTS, type EventSelection } from '@/lib/event-selection';
import {
  drinkOptions,
  filterTicketTypes,
  noFilters,
  type TicketTypeFilters,
} from '../utils/filter-ticket-types';
import { TicketTypeFiltersPanel } from './ticket-type-filters';
import { TicketTypesTable } from './ticket-types-table';

const countText = (count: number) => (count === 1 ? '1 tipo de ticket' : `${count} tipos de ticket`);

function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 p-10 text-center">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <div className="text-sm text-slate-600">{children}</div>
    </div>
  );
}

/** The selected event's ticket types (or all of them), with search and filters. */
export function TicketTypesList({ selection }: { selection: EventSelection }) {
  const allEvents = selection === ALL_EVENTS;
  const single = useEventTicketTypes(allEvents ? undefined : selection);
  const all = useAllTicketTypes(allEvents);
  const query = allEvents ? all : single;
  const [filters, setFilters] = useState<TicketTypeFilters>(noFilters);
  const tipos = query.data ?? [];
  const visible = filterTicketTypes(tipos, filters);

  let content: ReactNode;
  if (query.isError) {
    content = (
      <LoadError message="No se pudieron cargar los tipos de ticket." onRetry={() => void query.refetch()} />
    );
  } else if (query.isPending) {
    content = <TicketTypesTable tipos={[]} selection={selection} loading />;
  } else if (tipos.length === 0) {
    content = (
      <EmptyState title="No hay tipos de ticket">
        {allEvents
          ? 'Elige un evento para crear su primer tipo de ticket.'
          : 'Crea el primero con «Nuevo Tipo de Ticket».'}
      </EmptyState>
    );
  } else if (visible.length === 0) {
    content = (
      <EmptyState title="No se encontraron resultados">
        Ningún tipo de ticket coincide con la búsqueda o los filtros. Prueba con «Limpiar filtros».
      </EmptyState>
    );
  } else {
    content = <TicketTypesTable tipos={visible} selection={selection} />;
  }

  return (
    <Card>
      <CardHeader className="gap-4 p-4 sm:p-6">
        <CardTitle aria-live="polite">
          {query.data ? countText(visible.length) : 'Cargando tipos de ticket...'}
        </CardTitle>
        <TicketTypeFiltersPanel filters={filters} onChange={setFilters} drinkChoices={drinkOptions(tipos)} />
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{content}</CardContent>
    </Card>
  );
}
