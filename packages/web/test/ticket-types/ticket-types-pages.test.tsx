import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { created, failure, sentBodies, serveApi } from '../support/api-stub';
import { baseRoutes, boda, cerveza, columnNames, renderAt, withEvent } from './ticket-types-fixtures';

describe('ticket types page', () => {
  it('shows every event’s ticket types by default, with the Evento column', async () => {
    serveApi(baseRoutes);
    renderAt('/organizer/tipos-ticket');
    expect(screen.getByRole('heading', { level: 1, name: 'Tipos de Ticket' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '3 tipos de ticket' })).toBeInTheDocument();
    expect(screen.getByLabelText('Evento')).toHaveValue('todos');
    expect(columnNames()).toEqual([
      'Nombre',
      'Evento',
      'Modo',
      'Tipo de Bebida',
      'Restricciones',
      'Acciones',
    ]);
    expect(
      screen.getByText('Visualiza y gestiona todos los tipos de ticket de tus eventos.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nuevo Tipo de Ticket' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Para crear un tipo de ticket, elige primero un evento en el selector.'),
    ).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Cerveza cada 30 min/ });
    expect(within(row).getByText('Intervalos Controlados')).toBeInTheDocument();
    expect(within(row).getByText('1 bebida cada 30 min')).toBeInTheDocument();
    expect(within(row).getByText('Boda Ana y Luis')).toBeInTheDocument();
  });

  it('selects the event from ?evento and remembers a new choice', async () => {
    serveApi(baseRoutes);
    const { router, user: u } = renderAt('/organizer/tipos-ticket?evento=1');
    expect(await screen.findByRole('heading', { name: '2 tipos de ticket' })).toBeInTheDocument();
    expect(columnNames()).not.toContain('Evento');
    expect(
      screen.getByText('Configura límites por horarios, cantidades totales o intervalos de tiempo.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuevo Tipo de Ticket' })).toBeInTheDocument();
    expect(screen.queryByText(/elige primero un evento/)).not.toBeInTheDocument();

    await u.selectOptions(screen.getByLabelText('Evento'), 'Festival — Madrid');
    expect(await screen.findByRole('heading', { name: '1 tipo de ticket' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?evento=2');
    expect(localStorage.getItem('selectedEventoId')).toBe('2');
    expect(localStorage.getItem('tipos-ticket-show-all-events')).toBe('false');
  });

  // In the URL, a reload and the edit page's way back find the same event.
  it.each([
    {
      shown: 'the stored event when there is no ?evento',
      stored: { selectedEventoId: '2' },
      url: '/organizer/tipos-ticket',
      heading: '1 tipo de ticket',
      search: '?evento=2',
    },
    {
      shown: 'the remembered choice instead of an event that is not the organizer’s',
      stored: { 'tipos-ticket-show-all-events': 'true' },
      url: '/organizer/tipos-ticket?evento=99',
      heading: '3 tipos de ticket',
      search: '?evento=todos',
    },
  ])('shows $shown, and puts it in the URL', async ({ stored, url, heading, search }) => {
    serveApi(baseRoutes);
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    const { router } = renderAt(url);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(search));
  });

  it('remembers an event that came from the URL, e.g. from the event detail page', async () => {
    serveApi(baseRoutes);
    localStorage.setItem('selectedEventoId', '1');
    renderAt('/organizer/tipos-ticket?evento=2');
    expect(await screen.findByRole('heading', { name: '1 tipo de ticket' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('selectedEventoId')).toBe('2'));
    expect(localStorage.getItem('tipos-ticket-show-all-events')).toBe('false');
  });

  it('filters by name, limit type and drink type', async () => {
    serveApi(baseRoutes);
    const { user: u } = renderAt('/organizer/tipos-ticket');
    await screen.findByRole('heading', { name: '3 tipos de ticket' });
    await u.selectOptions(screen.getByLabelText('Tipo de límite'), 'Barra Libre');
    expect(screen.getByRole('heading', { name: '1 tipo de ticket' })).toBeInTheDocument();
    await u.selectOptions(screen.getByLabelText('Tipo de límite'), 'Todos');
    await u.selectOptions(screen.getByLabelText('Tipo de bebida'), 'Cerveza');
    expect(screen.getByRole('row', { name: /Cerveza cada 30 min/ })).toBeInTheDocument();
    await u.type(screen.getByLabelText('Buscar'), 'bono');
    expect(screen.getByText('No se encontraron resultados')).toBeInTheDocument();
  });

  it('invites to create an event when there is none', async () => {
    serveApi({ ...baseRoutes, 'GET /api/eventos/7': [] });
    renderAt('/organizer/tipos-ticket');
    expect(await screen.findByText('No hay eventos disponibles')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear Primer Evento' })).toHaveAttribute(
      'href',
      '/organizer/eventos',
    );
  });

  it('says so when the event has no ticket types', async () => {
    serveApi({ ...baseRoutes, 'GET /api/tipos-ticket/2': [] });
    renderAt('/organizer/tipos-ticket?evento=2');
    expect(await screen.findByText('No hay tipos de ticket')).toBeInTheDocument();
  });

  it('duplicates with " (Copia)" and reports a refused deletion with the server message', async () => {
    const fetchMock = serveApi({
      ...baseRoutes,
      'POST /api/tipos-ticket': created({ ...boda, id: 13, nombre: 'Bono 4 Copas (Copia)' }),
      'DELETE /api/tipos-ticket/11': failure(409, {
        message: 'No se puede eliminar un tipo de ticket que ya tiene tickets emitidos',
        error: 'conflict',
      }),
    });
    const { user: u } = renderAt('/organizer/tipos-ticket?evento=1');
    await u.click(await screen.findByRole('button', { name: 'Acciones para Bono 4 Copas' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Duplicar' }));
    expect(await screen.findByText('Tipo de ticket creado')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/tipos-ticket')).toEqual([
      expect.objectContaining({
        nombre: 'Bono 4 Copas (Copia)',
        eventoId: 1,
      }),
    ]);

    await u.click(screen.getByRole('button', { name: 'Acciones para Bono 4 Copas' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('alertdialog');
    await u.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Error al eliminar tipo de ticket')).toBeInTheDocument();
    expect(
      screen.getByText('No se puede eliminar un tipo de ticket que ya tiene tickets emitidos'),
    ).toBeInTheDocument();
  });
});

describe('edit ticket type page', () => {
  it('says the ticket type was not found for a malformed id', async () => {
    serveApi(baseRoutes);
    renderAt('/organizer/tipos-ticket/abc/editar');
    expect(await screen.findByRole('heading', { name: 'Tipo de ticket no encontrado' })).toBeInTheDocument();
  });

  it('says the ticket type was not found on a 404', async () => {
    serveApi({
      ...baseRoutes,
      'GET /api/tipos-ticket/single/99': failure(404, {
        message: 'Tipo de ticket no encontrado',
        error: 'not_found',
      }),
    });
    renderAt('/organizer/tipos-ticket/99/editar');
    expect(await screen.findByRole('heading', { name: 'Tipo de ticket no encontrado' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'El tipo de ticket que intentas editar no existe o no tienes permisos para acceder a él.',
      ),
    ).toBeInTheDocument();
  });

  it('checks the edit page bounds, saves and goes back to the list', async () => {
    const fetchMock = serveApi({
      ...baseRoutes,
      'GET /api/tipos-ticket/single/12': withEvent(cerveza),
      'PUT /api/tipos-ticket/12': (body) => ({ ...cerveza, ...(body as Partial<TipoTicket>) }),
    });
    const { router, user: u } = renderAt('/organizer/tipos-ticket/12/editar');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Editar Tipo de Ticket' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Boda Ana y Luis')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveValue('Cerveza cada 30 min');
    expect(screen.getByLabelText('Máximo de bebidas')).toHaveValue('16');

    const interval = screen.getByLabelText('Intervalo entre bebidas (minutos)');
    await u.clear(interval);
    await u.type(interval, '241');
    await u.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('El intervalo debe estar entre 1 y 240 minutos')).toBeInTheDocument();
    expect(screen.getByText('Errores en el formulario')).toBeInTheDocument();

    await u.clear(interval);
    await u.type(interval, '2');
    expect(screen.getByLabelText('Máximo de bebidas')).toHaveValue('240');
    await u.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizer/tipos-ticket'));
    // Opened without a selection to return to: back to the ticket type's own event.
    expect(router.state.location.search).toBe('?evento=1');
    expect(sentBodies(fetchMock, 'PUT /api/tipos-ticket/12')).toEqual([
      expect.objectContaining({ drinkIntervalMinutes: 2, maxDrinks: 240 }),
    ]);
    expect(screen.getByText('Tipo de ticket actualizado')).toBeInTheDocument();
  });
});
