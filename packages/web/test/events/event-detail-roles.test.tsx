import type { EventRole } from '@drinkflow/domain/team-roles';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventDetailPage } from '@/features/events/pages/event-detail-page';
import { renderRoutes, signIn } from '../support/render-app';
import { anOrganizer } from '../support/entities';
import { anEventDetail, organizerRoutes, serveDeviceApi } from '../devices/devices-api';

// docs/rules/team.md: a shared event's page offers only what the reader's role may do.

function renderAs(miRol: EventRole) {
  signIn(anOrganizer());
  serveDeviceApi(organizerRoutes(anEventDetail({ miRol })));
  return renderRoutes(
    [{ path: '/organizer/evento/:id', element: <EventDetailPage /> }],
    '/organizer/evento/1',
  );
}

describe('event detail by role', { timeout: 20_000 }, () => {
  it('gives the owner editing, deleting and the API key', async () => {
    renderAs('propietario');
    expect(await screen.findByRole('link', { name: /Editar Evento/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Eliminar/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Gestionar Tipos de Ticket/ })).toBeInTheDocument();
    expect(screen.getAllByText(/API Key/i).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Compartido/)).not.toBeInTheDocument();
  });

  it('lets a co-organizer edit but not delete', async () => {
    renderAs('coorganizador');
    expect(await screen.findByRole('link', { name: /Editar Evento/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
    expect(screen.getByText('Compartido · Coorganizador')).toBeInTheDocument();
  });

  it('shows a supervisor the event to read, without editing, deleting or the API key', async () => {
    renderAs('supervisor');
    expect(await screen.findByText('Compartido · Supervisor')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Editar Evento/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/API Key/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ver Tipos de Ticket/ })).toBeInTheDocument();
  });
});
