import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataList } from '@/components/data-list/data-list';
import type { DataListColumn, DataListLayout } from '@/components/data-list/data-list-types';

interface Bar {
  id: number;
  nombre: string;
  zona: string;
  barra: string;
  estado: string;
}

const bars: Bar[] = [
  { id: 1, nombre: 'Barra Norte', zona: 'Jardín', barra: 'Cócteles', estado: 'Abierta' },
  { id: 2, nombre: 'Barra Sur', zona: 'Salón', barra: 'Cerveza', estado: 'Cerrada' },
];

const columns: DataListColumn<Bar>[] = [
  { header: 'Nombre', hideInCard: true, cell: (bar) => bar.nombre },
  { header: 'Tipo', cell: (bar) => bar.barra },
  { header: 'Estado', cell: (bar) => <span className="whitespace-nowrap">{bar.estado}</span> },
];

function renderList(props: { loading?: boolean } = {}) {
  const onAction = vi.fn<(action: string, bar: Bar, layout: DataListLayout) => void>();
  const view = render(
    <DataList
      label="Barras"
      items={bars}
      columns={columns}
      rowKey={(bar) => bar.id}
      cardTitle={(bar) => bar.nombre}
      cardSubtitle={(bar) => bar.zona}
      renderActions={(bar, layout) => (
        <>
          <button type="button" onClick={() => onAction('abrir', bar, layout)}>
            Abrir {bar.nombre}
          </button>
          <button type="button" onClick={() => onAction('borrar', bar, layout)}>
            Borrar {bar.nombre}
          </button>
        </>
      )}
      {...props}
    />,
  );
  return { ...view, onAction, user: userEvent.setup() };
}

describe('DataList', () => {
  it('renders a table with a header per column, Acciones, and one row per item', () => {
    renderList();
    const table = screen.getByRole('table', { name: 'Barras' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nombre', 'Tipo', 'Estado', 'Acciones']);
    const row = within(table).getByRole('row', { name: /Barra Sur/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Barra Sur', 'Cerveza', 'Cerrada', 'Abrir Barra SurBorrar Barra Sur']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('renders a card per item, named by its title, with every field labelled and its subtitle', () => {
    renderList();
    const cards = within(screen.getByRole('list', { name: 'Barras' })).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const card = screen.getByRole('article', { name: 'Barra Norte' });
    expect(within(card).getByRole('heading', { level: 3, name: 'Barra Norte' })).toBeInTheDocument();
    expect(within(card).getByText('Jardín')).toBeInTheDocument();
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(card)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    // The title column is not repeated as a field.
    expect(terms).toEqual(['Tipo', 'Estado']);
    expect(values).toEqual(['Cócteles', 'Abierta']);
  });

  it('offers every action in both layouts and says which layout called', async () => {
    const { user, onAction } = renderList();
    const row = screen.getByRole('row', { name: /Barra Norte/ });
    await user.click(within(row).getByRole('button', { name: 'Borrar Barra Norte' }));
    expect(onAction).toHaveBeenLastCalledWith('borrar', bars[0], 'table');

    const card = screen.getByRole('article', { name: 'Barra Sur' });
    await user.click(within(card).getByRole('button', { name: 'Abrir Barra Sur' }));
    expect(onAction).toHaveBeenLastCalledWith('abrir', bars[1], 'card');
    await user.click(within(card).getByRole('button', { name: 'Borrar Barra Sur' }));
    expect(onAction).toHaveBeenLastCalledWith('borrar', bars[1], 'card');
  });

  it('shows one layout at a time, switched by the list’s own width', () => {
    renderList();
    // CSS decides which one is displayed: the table from a 56rem container up, the cards below.
    const table = screen.getByRole('table', { name: 'Barras' });
    const list = screen.getByRole('list', { name: 'Barras' });
    const container = table.closest('.\\@container');
    expect(container).not.toBeNull();
    expect(container).toContainElement(list);
    expect(table.closest('.hidden')).toHaveClass('@4xl:block');
    expect(table.closest('.hidden')).not.toContainElement(list);
    expect(list.closest('.\\@4xl\\:hidden')).not.toBeNull();
  });

  it('shows placeholders and no items while loading', () => {
    renderList({ loading: true });
    expect(screen.getByRole('table', { name: 'Barras' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('list', { name: 'Barras' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Barra Norte')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });
});
