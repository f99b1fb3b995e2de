import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EventsFilters } from '@/features/events/components/events-filters';
import { noEventFilters, type EventFilters } from '@/features/events/utils/filter-events';
import { stubResizeObserver } from '../support/resize-observer';

beforeEach(stubResizeObserver);

function renderFilters() {
  const seen: EventFilters[] = [];
  function Filters() {
    const [filters, setFilters] = useState(noEventFilters);
    return (
      <EventsFilters
        filters={filters}
        onChange={(next) => {
          seen.push(next);
          setFilters(next);
        }}
      />
    );
  }
  render(<Filters />);
  return { user: userEvent.setup(), day: screen.getByLabelText('Fecha de inicio'), seen };
}

describe('the events list’s date filter', () => {
  it('takes dd/MM/yyyy and filters by that yyyy-MM-dd day', async () => {
    const { user, day, seen } = renderFilters();
    expect(day).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await user.type(day, '24122030');
    expect(day).toHaveValue('24/12/2030');
    expect(seen.at(-1)?.day).toBe('2030-12-24');
  });

  it('says so when the text is not a date, and filters nothing meanwhile', async () => {
    const { user, day, seen } = renderFilters();
    await user.type(day, '31/02/2030');
    expect(screen.queryByText('Formato de fecha inválido')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Formato de fecha inválido')).toBeInTheDocument();
    expect(day).toHaveAttribute('aria-invalid', 'true');
    expect(seen.every((filters) => filters.day === '')).toBe(true);
  });

  it('empties the field when the filters are cleared', async () => {
    const { user, day } = renderFilters();
    await user.type(day, '24/12/2030');
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(day).toHaveValue('');
  });
});
