import { X } from 'lucide-react';
import { DayFilter } from '@/components/day-filter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { SearchInput } from '@/components/ui/search-input';
import { activeFilterCount, noOrderFilters, type OrderFilters } from '../utils/order-filters';

export interface TicketTypeOption {
  id: number;
  label: string;
}

interface OrdersFiltersProps {
  filters: OrderFilters;
  onChange(next: OrderFilters): void;
  ticketTypes: readonly TicketTypeOption[];
}

/** Search, ticket type and the order-date range; the server applies them (spec §2). */
export function OrdersFilters({ filters, onChange, ticketTypes }: OrdersFiltersProps) {
  const active = activeFilterCount(filters);
  const set = (patch: Partial<OrderFilters>) => onChange({ ...filters, ...patch });
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
      <div className="grid gap-1.5 sm:col-span-2 lg:col-span-1">
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
      <div className="col-span-full flex flex-wrap items-center gap-2">
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
