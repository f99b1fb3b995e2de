import { eventStatuses, eventStatusLabels } from '@drinkflow/domain/event-status';
import { X } from 'lucide-react';
import { DayFilter } from '@/components/day-filter';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { SearchInput } from '@/components/ui/search-input';
import { hasEventFilters, noEventFilters, type EventFilters } from '../utils/filter-events';

export function EventsFilters({
  filters,
  onChange,
}: {
  filters: EventFilters;
  onChange(next: EventFilters): void;
}) {
  return (
    <div className="grid gap-3 border-b border-slate-200 p-4 md:grid-cols-[1fr_12rem_12rem_auto] md:items-start">
      <div className="grid gap-1.5">
        <Label htmlFor="events-search">Buscar</Label>
        <SearchInput
          id="events-search"
          placeholder="Buscar por nombre o lugar..."
          value={filters.search}
          onChange={(event) => onChange({ ...filters, search: event.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="events-status">Estado</Label>
        <NativeSelect
          id="events-status"
          value={filters.status}
          onChange={(event) => onChange({ ...filters, status: event.target.value as EventFilters['status'] })}
        >
          <option value="todos">Todos</option>
          {eventStatuses.map((status) => (
            <option key={status} value={status}>
              {eventStatusLabels[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <DayFilter
        id="events-day"
        label="Fecha de inicio"
        day={filters.day}
        onChange={(day) => onChange({ ...filters, day })}
      />
      {/* Top-aligned under a label-high gap, so a date error below its field moves nothing else. */}
      <Button
        variant="outline"
        className="md:mt-6.5"
        disabled={!hasEventFilters(filters)}
        onClick={() => onChange(noEventFilters)}
      >
        <X className="h-4 w-4" aria-hidden />
        Limpiar filtros
      </Button>
    </div>
  );
}
