import type { EventoDetail } from '@drinkflow/domain/events';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EventEditPage } from '@/features/events/pages/event-edit-page';
import { sentBodies, serveApi } from '../support/api-stub';
import { anEvent, anOrganizer } from '../support/entities';
import { renderRoutes, signIn } from '../support/render-app';
import { stubResizeObserver } from '../support/resize-observer';

// docs/rules/devices.md: "Solo dispositivos autorizados", recommended for a festival.

const recommendation =
  'Recomendado para festivales: cada móvil de barra necesita emparejarse y puedes revocarlo solo a él.';

const detail = (patch: Partial<EventoDetail> = {}): EventoDetail => ({
  ...anEvent(),
  contadores: { tiposTicket: 1, pedidosActivos: 0, ticketsEscaneados: 0 },
  ...patch,
});

function renderEdit(evento: EventoDetail) {
  signIn(anOrganizer());
  const fetchMock = serveApi({
    'GET /api/auth/me': { user: anOrganizer() },
    'GET /api/evento/1': evento,
    'PUT /api/eventos/1': (body) => ({ ...evento, ...(body as object) }),
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

const toggle = () => screen.findByRole('switch', { name: 'Solo dispositivos autorizados' });

// A page with its QR library and dialogs takes seconds to render on a busy 2-core machine.
describe('event form: only authorized devices', { timeout: 20_000 }, () => {
  beforeEach(stubResizeObserver);

  it('is off for a wedding, without the festival recommendation', async () => {
    renderEdit(detail());
    expect(await toggle()).not.toBeChecked();
    expect(screen.queryByText(recommendation)).not.toBeInTheDocument();
  });

  it('recommends itself for an event with bars, and is sent when switched on', async () => {
    const { user, fetchMock, router } = renderEdit(detail({ barras: ['VIP', 'Pista'] }));
    expect(await screen.findByText(recommendation)).toBeInTheDocument();
    await user.click(await toggle());
    expect(await toggle()).toBeChecked();
    expect(screen.queryByText(recommendation)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizer/evento/1'));
    expect(sentBodies(fetchMock, 'PUT /api/eventos/1')).toEqual([
      expect.objectContaining({ soloDispositivosAutorizados: true }),
    ]);
  });

  it('recommends itself for an event of more than one day', async () => {
    renderEdit(detail({ fechaInicio: '2030-07-03T10:00:00.000Z', fechaFin: '2030-07-05T02:00:00.000Z' }));
    expect(await screen.findByText(recommendation)).toBeInTheDocument();
  });

  it('shows a saved event’s choice and keeps it when saving', async () => {
    const { user, fetchMock, router } = renderEdit(detail({ soloDispositivosAutorizados: true }));
    expect(await toggle()).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizer/evento/1'));
    expect(sentBodies(fetchMock, 'PUT /api/eventos/1')).toEqual([
      expect.objectContaining({ soloDispositivosAutorizados: true }),
    ]);
  });
});
