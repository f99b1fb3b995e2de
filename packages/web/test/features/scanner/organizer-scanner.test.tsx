import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OrganizerScannerPage } from '@/features/scanner/pages/organizer-scanner-page';
import { type ApiRoutes, serveApi } from '../../support/api-stub';
import { anEvent, anOrganizer } from '../../support/entities';
import { renderRoutes, signIn } from '../../support/render-app';
import { anEventBanner, aScannerTicket, aScanResult, postedBodies, QR } from './scanner-fixtures';

// Each journey types, waits for answers and renders the whole page: on a busy 2-core machine one
// takes longer than Vitest's default 5 s. A missing text still fails after findBy's own 5 s.
vi.setConfig({ testTimeout: 20_000 });

const organizer = anOrganizer();
const boda = anEvent({ id: 1, nombre: 'Boda Ana y Luis', apiKey: 'clave-boda' });
const festival = anEvent({
  id: 2,
  nombre: 'Festival',
  ubicacion: 'Cádiz',
  fechaInicio: '2030-08-01T18:00:00.000Z',
  fechaFin: '2030-08-02T04:00:00.000Z',
  apiKey: 'clave-festival',
});

function renderPage(events = [boda, festival]) {
  signIn(organizer);
  localStorage.setItem('drinkflow-scanner-barra', 'Barra VIP');
  const fetchMock = serveApi({
    'GET /api/auth/me': { user: organizer },
    'GET /api/eventos/7': events,
    // Once paired, the scanner reads the event as the bar's scanner does (docs/decisions/065).
    'GET /api/scanner/clave-festival/event': anEventBanner({ nombre: 'Festival', ubicacion: 'Cádiz' }),
    'POST /api/scanner/clave-festival/consume': aScanResult({ remainingDrinks: 1 }),
    [`GET /api/scanner/clave-festival/ticket/${QR}`]: aScannerTicket(),
  } as ApiRoutes);
  const view = renderRoutes(
    [
      { path: '/organizer/scanner', element: <OrganizerScannerPage /> },
      { path: '/organizer/eventos', element: <h1>Mis Eventos</h1> },
    ],
    '/organizer/scanner',
  );
  return { ...view, fetchMock };
}

describe('organizer scanner', () => {
  it('asks for one of the events, then scans with that event’s key', async () => {
    const { user, fetchMock } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Escáner QR' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Selecciona un Evento' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Todos mis eventos/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Evento'), 'Festival — 01/08/2030 20:00');
    expect(await screen.findByRole('heading', { name: 'Festival' })).toBeInTheDocument();
    expect(screen.getByText('Cádiz')).toBeInTheDocument();
    expect(localStorage.getItem('scanner-selected-evento')).toBe('2');

    await user.type(screen.getByLabelText('Código QR'), `${QR}{Enter}`);
    expect(await screen.findByText('Consumo Registrado')).toBeInTheDocument();
    expect(screen.getByText('Queda 1 bebida')).toBeInTheDocument();
    expect(postedBodies(fetchMock, 'POST /api/scanner/clave-festival/consume')).toEqual([
      expect.objectContaining({ qrCode: QR, barra: 'Barra VIP' }),
    ]);
  });

  it('leads to the events page when the organizer has none', async () => {
    renderPage([]);
    expect(await screen.findByRole('heading', { name: 'No hay eventos creados' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear Mi Primer Evento' })).toHaveAttribute(
      'href',
      '/organizer/eventos',
    );
  });
});
