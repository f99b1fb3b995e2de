import { eventBarMessages } from '@drinkflow/domain/event-bars';
import type { EventoDetail } from '@drinkflow/domain/events';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EventEditPage } from '@/features/events/pages/event-edit-page';
import { type ApiRoutes, failure, sentBodies, serveApi } from '../support/api-stub';
import { anEvent, anOrganizer } from '../support/entities';
import { renderRoutes, signIn } from '../support/render-app';
import { stubResizeObserver } from '../support/resize-observer';

// docs/rules/festivals.md: the event form's "Barras" and "Corte diario".

const festival: EventoDetail = {
  ...anEvent({ barras: ['VIP', 'Terraza'], corteDiario: '06:00' }),
  contadores: { tiposTicket: 1, pedidosActivos: 0, ticketsEscaneados: 0 },
};

function renderEdit(routes: ApiRoutes = {}) {
  signIn(anOrganizer());
  const fetchMock = serveApi({
    'GET /api/auth/me': { user: anOrganizer() },
    'GET /api/evento/1': festival,
    'PUT /api/eventos/1': (body) => ({ ...festival, ...(body as object) }),
    'PATCH /api/eventos/1/barras': festival,
    ...routes,
  });
  const rendered = renderRoutes(
    [
      { path: '/organizer/evento/:id/editar', element: <EventEditPage /> },
      { path: '/organizer/evento/:id', element: <h1>Detalle</h1> },
    ],
    '/organizer/evento/1/editar',
  );
  return { ...rendered, fetchMock };
}

const bars = () => within(screen.getByRole('list', { name: 'Barras del evento' }));

describe('event form: bars and daily cut-off', () => {
  beforeEach(stubResizeObserver);

  it('shows the saved bars and the cut-off with its help text', async () => {
    renderEdit();
    expect(await screen.findByLabelText('Nombre de la barra 1')).toHaveValue('VIP');
    expect(bars().getByLabelText('Nombre de la barra 2')).toHaveValue('Terraza');
    expect(screen.getByLabelText('Corte diario')).toHaveValue('06:00');
    expect(screen.getByText('Hora en que termina cada día del festival')).toBeInTheDocument();
  });

  it('refuses an empty or repeated new bar with the domain’s messages', async () => {
    const { user } = renderEdit();
    await screen.findByLabelText('Nombre de la barra 1');
    await user.click(screen.getByRole('button', { name: 'Añadir barra' }));
    expect(screen.getByText(eventBarMessages.nombre)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nueva barra'), 'vip{Enter}');
    expect(screen.getByText(eventBarMessages.duplicada)).toBeInTheDocument();
    expect(screen.queryByLabelText('Nombre de la barra 3')).not.toBeInTheDocument();
  });

  it('renames a saved bar through PATCH …/barras, then saves additions and removals with PUT', async () => {
    const { user, fetchMock, router } = renderEdit();
    const vip = await screen.findByLabelText('Nombre de la barra 1');
    await user.clear(vip);
    await user.type(vip, 'VIP Oro');
    await user.click(screen.getByRole('button', { name: 'Quitar la barra Terraza' }));
    await user.type(screen.getByLabelText('Nueva barra'), 'Pista');
    await user.click(screen.getByRole('button', { name: 'Añadir barra' }));
    await user.clear(screen.getByLabelText('Corte diario'));
    await user.type(screen.getByLabelText('Corte diario'), '07:30');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/organizer/evento/1'));
    expect(sentBodies(fetchMock, 'PATCH /api/eventos/1/barras')).toEqual([{ de: 'VIP', a: 'VIP Oro' }]);
    expect(sentBodies(fetchMock, 'PUT /api/eventos/1')).toEqual([
      expect.objectContaining({ barras: ['VIP Oro', 'Pista'], corteDiario: '07:30' }),
    ]);
    const order = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);
    expect(order.indexOf('PATCH /api/eventos/1/barras')).toBeLessThan(order.indexOf('PUT /api/eventos/1'));
  });

  it('keeps a removed bar in use as a row with the server’s 409 under it, until it is kept', async () => {
    const message = 'No se puede quitar la barra «Terraza» porque la permite el tipo de ticket «Terraza»';
    const { user, fetchMock } = renderEdit({
      'PUT /api/eventos/1': failure(409, {
        message: 'No se puede quitar una barra que permite un tipo de ticket',
        error: 'conflict',
        details: [{ field: 'barras.1', message }],
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Quitar la barra Terraza' }));
    expect(bars().getByLabelText('Nombre de la barra 2')).toBeDisabled();
    expect(bars().getByText('Se quitará al guardar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));

    expect(sentBodies(fetchMock, 'PUT /api/eventos/1')).toEqual([
      expect.objectContaining({ barras: ['VIP'] }),
    ]);
    const terraza = await waitFor(() => {
      const input = bars().getByLabelText('Nombre de la barra 2');
      expect(input).toHaveAttribute('aria-invalid', 'true');
      return input;
    });
    expect(terraza).toHaveValue('Terraza');
    expect(terraza).toHaveAccessibleDescription(`Se quitará al guardar ${message}`);
    expect(bars().getByLabelText('Nombre de la barra 1')).toHaveAttribute('aria-invalid', 'false');
    expect(sentBodies(fetchMock, 'PATCH /api/eventos/1/barras')).toEqual([]);

    await user.click(bars().getByRole('button', { name: 'Conservar la barra Terraza' }));
    expect(terraza).toBeEnabled();
    expect(terraza).toHaveAttribute('aria-invalid', 'false');
    expect(bars().queryByText(message)).not.toBeInTheDocument();
  });

  it('puts a 400 on barras.<n> under the n-th bar sent, skipping the removed ones', async () => {
    const message = 'El nombre de la barra contiene caracteres no permitidos';
    const { user } = renderEdit({
      'PUT /api/eventos/1': failure(400, {
        message: 'Datos inválidos',
        error: 'validation_error',
        details: [{ field: 'barras.1', message }],
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Quitar la barra VIP' }));
    await user.type(screen.getByLabelText('Nueva barra'), 'Pista{Enter}');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));

    // Sent: ['Terraza', 'Pista']; barras.1 is Pista, the third row.
    await waitFor(() =>
      expect(bars().getByLabelText('Nombre de la barra 3')).toHaveAccessibleDescription(message),
    );
    expect(bars().getByLabelText('Nombre de la barra 2')).toHaveAttribute('aria-invalid', 'false');
    expect(bars().getByLabelText('Nombre de la barra 1')).toHaveAttribute('aria-invalid', 'false');
  });

  it('drops a bar added in the form at once, and does not rename a removed one', async () => {
    const { user, fetchMock, router } = renderEdit();
    const terraza = await screen.findByLabelText('Nombre de la barra 2');
    await user.type(terraza, ' Sur');
    await user.click(screen.getByRole('button', { name: 'Quitar la barra Terraza Sur' }));
    expect(terraza).toHaveValue('Terraza');
    await user.type(screen.getByLabelText('Nueva barra'), 'Pista{Enter}');
    await user.click(screen.getByRole('button', { name: 'Quitar la barra Pista' }));
    expect(screen.queryByLabelText('Nombre de la barra 3')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/organizer/evento/1'));
    expect(sentBodies(fetchMock, 'PATCH /api/eventos/1/barras')).toEqual([]);
    expect(sentBodies(fetchMock, 'PUT /api/eventos/1')).toEqual([
      expect.objectContaining({ barras: ['VIP'] }),
    ]);
  });
});
