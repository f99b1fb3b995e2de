import { ChevronDown, SlidersHorizontal, X } from 'lucide-react';
import { useState } from 'react';
import { DayFilter } from '@/components/day-filter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { SearchInput } from '@/components/ui/search-input';
import { cn } from '@/lib/utils';
import {
  DATE_RANGE_REVERSED,
  activeFilterCount,
  dateRangeReversed,
  noOrderFilters,
  type OrderFilters,
} from '../utils/order-filters';

export interface TicketTypeOption {
  id: number;
  label: string;
}

interface OrdersFiltersProps {
  filters: OrderFilters;
  onChange(next: OrderFilters): void;
  ticketTypes: readonly TicketTypeOption[];
}

/** Search, ticket type and the order-date range; the server applies them (docs/rules/screens.md). */
export function OrdersFilters({ filters, onChange, ticketTypes }: OrdersFiltersProps) {
  const active = activeFilterCount(filters);
  const set = (patch: Partial<OrderFilters>) => onChange({ ...filters, ...patch });
  // On a phone the ticket type, the dates and 'Limpiar filtros' fold behind 'Filtros (n)', so the
  // first orders are in the first screen; from 640 px they are always shown.
  const [open, setOpen] = useState(false);
  const folded = cn(!open && 'max-sm:hidden');
  const reversed = dateRangeReversed(filters);
  return (
    <div className="grid gap-3 border-b border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1.2fr)_10.5rem_10.5rem] lg:items-start">
      <div className="grid gap-1.5 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="pedidos-buscar">Buscar</Label>
        <SearchInput
          id="pedidos-buscar"
          placeholder="Buscar por nombre o email..."
          value={filters.search}
          onChange={(event) => set({ search: event.target.value })}
        />
      </div>
      <Button
        variant="outline"
        className="justify-between sm:hidden"
        aria-expanded={open}
        aria-controls="pedidos-filtros-tipo pedidos-filtros-fechas"
        onClick={() => setOpen(!open)}
      >
        <span className="flex items-center gap-2">
          <SlidersHorizontal className="h-4 w-4" aria-hidden />
          Filtros ({active})
        </span>
        <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </Button>
      <div id="pedidos-filtros-tipo" className={cn('grid gap-1.5 sm:col-span-2 lg:col-span-1', folded)}>
        <Label htmlFor="pedidos-tipo">Tipo de Ticket</Label>
        <NativeSelect
          id="pedidos-tipo"
          value={filters.ticketTypeId}
          onChange={(event) => set({ ticketTypeId: event.target.value })}
        >
          <option value="">Todos los tipos</option>
          {ticketTypes.map((tipo) => (
            <option key={tipo.id} value={tipo.id}>
              {tipo.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div id="pedidos-filtros-fechas" className={cn('contents', folded)}>
        <DayFilter
          id="pedidos-desde"
          label="Desde"
          calendarLabel="Abrir calendario de la fecha desde"
          day={filters.desde}
          onChange={(desde) => set({ desde })}
        />
        <DayFilter
          id="pedidos-hasta"
          label="Hasta"
          calendarLabel="Abrir calendario de la fecha hasta"
          day={filters.hasta}
          onChange={(hasta) => set({ hasta })}
        />
      </div>
      {reversed && (
        <p role="alert" className="col-span-full text-sm font-medium text-red-700">
          {DATE_RANGE_REVERSED}
        </p>
      )}
      <div className={cn('col-span-full flex flex-wrap items-center gap-2', folded)}>
        <Button variant="outline" disabled={active === 0} onClick={() => onChange(noOrderFilters)}>
          <X className="h-4 w-4" aria-hidden />
          Limpiar filtros
        </Button>
        {active > 0 && (
          <Badge tone="violet">{active === 1 ? '1 filtro activo' : `${active} filtros activos`}</Badge>
        )}
      </div>
    </div>
  );
}
