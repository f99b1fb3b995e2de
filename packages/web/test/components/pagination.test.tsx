import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, showingText } from '@/components/pagination';

const eventos = { one: 'evento', other: 'eventos' };

describe('the pagination count', () => {
  it('reads naturally in Spanish, singular and plural', () => {
    expect(showingText(1, 10, 1, eventos)).toBe('Mostrando 1 evento');
    expect(showingText(1, 10, 3, eventos)).toBe('Mostrando 3 eventos');
    expect(showingText(1, 10, 10, eventos)).toBe('Mostrando 10 eventos');
    expect(showingText(1, 10, 0, eventos)).toBe('Mostrando 0 eventos');
    expect(showingText(1, 10, 25, eventos)).toBe('Mostrando 1 a 10 de 25 eventos');
    expect(showingText(3, 10, 25, eventos)).toBe('Mostrando 21 a 25 de 25 eventos');
    expect(showingText(3, 10, 21, eventos)).toBe('Mostrando el evento 21 de 21');
    expect(showingText(2, 100, 12345, eventos)).toBe('Mostrando 101 a 200 de 12.345 eventos');
  });

  it('shows the count, the page on phones, and moves between pages', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={2} pageSize={10} total={25} noun={eventos} onPageChange={onPageChange} />);
    expect(screen.getByText('Mostrando 11 a 20 de 25 eventos')).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Página 1' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('leaves the count to the list when told, so it is not printed twice', () => {
    render(
      <Pagination
        page={1}
        pageSize={20}
        total={48}
        noun={eventos}
        onPageChange={vi.fn()}
        showCount={false}
      />,
    );
    expect(screen.queryByText(/Mostrando/)).not.toBeInTheDocument();
    expect(screen.getByText('Página 1 de 3')).toBeVisible();
  });
});
