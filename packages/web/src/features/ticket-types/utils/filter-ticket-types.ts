import { drinkTypeLabel } from '@drinkflow/domain/bebidas';
import type { Modo, TipoTicket } from '@drinkflow/domain/ticket-types';

export interface TicketTypeFilters {
  search: string;
  /** '' = every limit type. */
  modo: Modo | '';
  /** '' = every drink type; otherwise a key from {@link drinkKey}. */
  drink: string;
}

export const noFilters: TicketTypeFilters = { search: '', modo: '', drink: '' };

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLocaleLowerCase('es');

/** Drink types are free text compared case-insensitively; 'todo' and 'todas' are the same. */
export const drinkKey = (drinkType: string) => {
  const key = drinkType.trim().toLocaleLowerCase('es');
  return key === 'todas' ? 'todo' : key;
};

/** The distinct drink types present, labelled as the table shows them. */
export function drinkOptions(tipos: readonly TipoTicket[]): { value: string; label: string }[] {
  const options = new Map<string, string>();
  for (const tipo of tipos) {
    const key = drinkKey(tipo.drinkType);
    if (!options.has(key)) options.set(key, drinkTypeLabel(tipo.drinkType));
  }
  return [...options]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es'));
}

export function filterTicketTypes(tipos: readonly TipoTicket[], filters: TicketTypeFilters): TipoTicket[] {
  const search = fold(filters.search);
  return tipos.filter(
    (tipo) =>
      (!search || fold(tipo.nombre).includes(search)) &&
      (!filters.modo || tipo.modo === filters.modo) &&
      (!filters.drink || drinkKey(tipo.drinkType) === filters.drink),
  );
}

export const activeFilterCount = (filters: TicketTypeFilters) =>
  [filters.search.trim(), filters.modo, filters.drink].filter(Boolean).length;
