import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiRoutes, created, sentBodies, serveApi } from '../support/api-stub';
import { baseRoutes, boda, cerveza, renderAt, withEvent } from './ticket-types-fixtures';

describe('ticket types on cards (phones)', () => {
  it('shows every field of a ticket type, with its event in all-events mode', async () => {
    serveApi(baseRoutes);
    renderAt('/organizer/tipos-ticket');
    const card = await screen.findByRole('article', { name: 'Barra Libre' });
    expect(
      within(card)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Evento', 'Modo', 'Tipo de Bebida', 'Restricciones']);
    expect(within(card).getByText('Festival')).toBeInTheDocument();
    expect(within(card).getByText('Madrid')).toBeInTheDocument();
    expect(within(card).getByText('Barra Libre', { selector: 'span' })).toBeInTheDocument();
    expect(within(card).getByText('120 minutos')).toBeInTheDocument();
  });

  it('duplicates and deletes from the card’s buttons', async () => {
    const fetchMock = serveApi({
      ...baseRoutes,
      'POST /api/tipos-ticket': created({ ...boda, id: 13, nombre: 'Bono 4 Copas (Copia)' }),
      'DELETE /api/tipos-ticket/11': { message: 'Tipo de ticket eliminado', id: 11 },
    });
    const { user: u } = renderAt('/organizer/tipos-ticket?evento=1');
    const card = await screen.findByRole('article', { name: 'Bono 4 Copas' });
    await u.click(within(card).getByRole('button', { name: 'Duplicar Bono 4 Copas' }));
    expect(await screen.findByText('Tipo de ticket creado')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/tipos-ticket')).toEqual([
      expect.objectContaining({ nombre: 'Bono 4 Copas (Copia)', eventoId: 1 }),
    ]);

    await u.click(within(card).getByRole('button', { name: 'Eliminar Bono 4 Copas' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar tipo de ticket?' });
    await u.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Tipo de ticket eliminado')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'DELETE /api/tipos-ticket/11')).toHaveLength(1);
  });
});

describe('never losing the selected event', () => {
  const routes = {
    ...baseRoutes,
    'GET /api/tipos-ticket/single/12': withEvent(cerveza),
    'PUT /api/tipos-ticket/12': (body: unknown) => ({ ...cerveza, ...(body as Partial<TipoTicket>) }),
  } satisfies ApiRoutes;

  it('Editar on a card carries the selection; Cancelar returns to it', async () => {
    serveApi(routes);
    const { router, user: u } = renderAt('/organizer/tipos-ticket?evento=todos');
    const card = await screen.findByRole('article', { name: 'Cerveza cada 30 min' });
    expect(within(card).getByRole('link', { name: 'Editar Cerveza cada 30 min' })).toHaveAttribute(
      'href',
      '/organizer/tipos-ticket/12/editar?evento=todos',
    );
    await u.click(within(card).getByRole('link', { name: 'Editar Cerveza cada 30 min' }));
    await u.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizer/tipos-ticket'));
    expect(router.state.location.search).toBe('?evento=todos');
    expect(await screen.findByRole('heading', { name: '3 tipos de ticket' })).toBeInTheDocument();
  });

  it('Editar in the row’s menu carries the selection; Volver and Guardar return to it', async () => {
    serveApi(routes);
    const { router, user: u } = renderAt('/organizer/tipos-ticket?evento=1');
    await u.click(await screen.findByRole('button', { name: 'Acciones para Cerveza cada 30 min' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?evento=1'));
    expect(router.state.location.pathname).toBe('/organizer/tipos-ticket/12/editar');

    await u.click(await screen.findByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizer/tipos-ticket'));
    expect(router.state.location.search).toBe('?evento=1');

    await u.click(await screen.findByRole('button', { name: 'Acciones para Cerveza cada 30 min' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    await u.click(await screen.findByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizer/tipos-ticket'));
    expect(router.state.location.search).toBe('?evento=1');
    expect(await screen.findByLabelText('Evento')).toHaveValue('1');
  });

  it('the not-found page goes back to the list it came from', async () => {
    serveApi(baseRoutes);
    const { router, user: u } = renderAt('/organizer/tipos-ticket/99/editar?evento=2');
    await u.click(await screen.findByRole('button', { name: 'Volver a Tipos de Ticket' }));
    expect(router.state.location.search).toBe('?evento=2');
  });
});
