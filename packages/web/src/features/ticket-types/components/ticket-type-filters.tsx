import { modoLabels, modos, type Modo } from '@drinkflow/domain/ticket-types';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { SearchInput } from '@/components/ui/search-input';
import { activeFilterCount, noFilters, type TicketTypeFilters } from '../utils/filter-ticket-types';

interface TicketTypeFiltersProps {
  filters: TicketTypeFilters;
  onChange(filters: TicketTypeFilters): void;
  drinkChoices: { value: string; label: string }[];
}

/** Search by name and filter by limit type and drink type (docs/rules/screens.md). */
export function TicketTypeFiltersPanel({ filters, onChange, drinkChoices }: TicketTypeFiltersProps) {
  const set = (patch: Partial<TicketTypeFilters>) => onChange({ ...filters, ...patch });
  return (
    <div
      role="search"
      aria-label="Filtrar tipos de ticket"
      className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end"
    >
      <div className="space-y-2">
        <Label htmlFor="tipos-ticket-buscar">Buscar</Label>
        <SearchInput
          id="tipos-ticket-buscar"
          placeholder="Buscar por nombre..."
          value={filters.search}
          onChange={(event) => set({ search: event.target.value })}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="tipos-ticket-modo">Tipo de límite</Label>
        <NativeSelect
          id="tipos-ticket-modo"
          value={filters.modo}
          onChange={(event) => set({ modo: event.target.value as Modo | '' })}
        >
          <option value="">Todos</option>
          {modos.map((modo) => (
            <option key={modo} value={modo}>
              {modoLabels[modo]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-2">
        <Label htmlFor="tipos-ticket-bebida">Tipo de bebida</Label>
        <NativeSelect
          id="tipos-ticket-bebida"
          value={filters.drink}
          onChange={(event) => set({ drink: event.target.value })}
        >
          <option value="">Todos</option>
          {drinkChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {/* Without active filters: hidden; on wide screens it keeps its place so the row does not jump. */}
      <Button
        variant="ghost"
        className={activeFilterCount(filters) === 0 ? 'hidden md:invisible md:inline-flex' : undefined}
        onClick={() => onChange(noFilters)}
      >
        Limpiar filtros
      </Button>
    </div>
  );
}
