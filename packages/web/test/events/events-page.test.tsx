import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EventsPage } from '@/features/events/pages/events-page';
import { failure, sentBodies, serveApi } from '../support/api-stub';
import { anEvent, anOrganizer } from '../support/entities';
import { renderRoutes, signIn } from '../support/render-app';
import { stubResizeObserver } from '../support/resize-observer';

const organizer = anOrganizer();
const boda = anEvent();

function renderEvents() {
  signIn(organizer);
  return renderRoutes(
    [
      { path: '/organizer/eventos', element: <EventsPage /> },
      { path: '/organizer/evento/:id', element: <h1>Detalle</h1> },
    ],
    '/organizer/eventos',
  );
}

describe('events page', () => {
  beforeEach(stubResizeObserver);

  it('counts one event in the singular, in the header and the footer', async () => {
    serveApi({ 'GET /api/auth/me': { user: organizer }, 'GET /api/eventos/7': [boda] });
    renderEvents();
    expect(await screen.findByText('1 evento en total')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1 evento')).toBeInTheDocument();
  });

  it('shows every field of an event on its card and every action works from there', async () => {
    const fetchMock = serveApi({
      'GET /api/auth/me': { user: organizer },
      'GET /api/eventos/7': [boda],
      'DELETE /api/eventos/1': { message: 'Evento eliminado', id: 1 },
    });
    const { router, user } = renderEvents();
    const card = await screen.findByRole('article', { name: 'Boda Ana y Luis' });
    expect(within(card).getByText('Sevilla')).toBeInTheDocument();
    const fields = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(fields).toEqual(['Fecha Inicio', 'Fecha Fin', 'Estado']);
    expect(within(card).getByText('Próximo')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Editar Boda Ana y Luis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Evento' });
    expect(within(dialog).getByLabelText('Nombre del evento *')).toHaveValue('Boda Ana y Luis');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(card).getByRole('button', { name: 'Eliminar Boda Ana y Luis' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Eliminar evento?' });
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Evento eliminado')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'DELETE /api/eventos/1')).toHaveLength(1);

    await user.click(within(card).getByRole('link', { name: 'Ver Boda Ana y Luis' }));
    expect(router.state.location.pathname).toBe('/organizer/evento/1');
  });

  it('does not count 0 events when they could not be loaded', async () => {
    serveApi({
      'GET /api/auth/me': { user: organizer },
      'GET /api/eventos/7': failure(500, { message: 'Error interno', error: 'internal' }),
    });
    renderEvents();
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los eventos.');
    expect(screen.queryByText(/en total/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Mostrando/)).not.toBeInTheDocument();
  });
});
