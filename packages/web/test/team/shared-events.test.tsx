import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EventsPage } from '@/features/events/pages/events-page';
import { serveApi } from '../support/api-stub';
import { anEvent, anOrganizer } from '../support/entities';
import { renderRoutes, signIn } from '../support/render-app';
import { stubResizeObserver } from '../support/resize-observer';

const organizer = anOrganizer();
const own = anEvent({ id: 1, nombre: 'Mi boda', miRol: 'propietario' });
const asBar = anEvent({ id: 2, nombre: 'Feria', organizadorId: 8, miRol: 'barra' });
const asSupervisor = anEvent({ id: 3, nombre: 'Congreso', organizadorId: 8, miRol: 'supervisor' });
const asCoorganizer = anEvent({ id: 4, nombre: 'Gala', organizadorId: 8, miRol: 'coorganizador' });

/** The actions a card offers, by their visible text. */
const actionsOf = (name: string) =>
  [...screen.getByRole('article', { name }).querySelectorAll('a, button')].map(
    (action) => action.textContent,
  );

describe("events shared with an organizer on the organizer's list", () => {
  beforeEach(stubResizeObserver);

  it('show their role and only the actions it allows', async () => {
    serveApi({
      'GET /api/auth/me': { user: organizer },
      'GET /api/eventos/7': [own, asBar, asSupervisor, asCoorganizer],
    });
    signIn(organizer);
    renderRoutes([{ path: '/organizer/eventos', element: <EventsPage /> }], '/organizer/eventos');
    const feria = await screen.findByRole('article', { name: 'Feria' });
    expect(within(feria).getByText('Compartido · Barra')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Mi boda' })).queryByText(/Compartido/)).toBeNull();

    expect(actionsOf('Mi boda')).toEqual(['Ver', 'Editar', 'Eliminar']);
    expect(actionsOf('Feria')).toEqual(['Escáner']);
    expect(actionsOf('Congreso')).toEqual(['Ver', 'Escáner', 'Estadísticas']);
    expect(actionsOf('Gala')).toEqual(['Ver', 'Escáner', 'Estadísticas', 'Editar']);
    expect(within(feria).getByRole('link', { name: 'Escáner Feria' })).toHaveAttribute(
      'href',
      '/organizer/scanner?evento=2',
    );
    expect(
      within(screen.getByRole('article', { name: 'Congreso' })).getByRole('link', {
        name: 'Estadísticas Congreso',
      }),
    ).toHaveAttribute('href', '/organizer/estadisticas?evento=3');
  });
});
