import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { TicketTypeEditPage } from '@/features/ticket-types/pages/ticket-type-edit-page';
import { TicketTypesPage } from '@/features/ticket-types/pages/ticket-types-page';
import { TOKEN_KEY, USER_KEY } from '@/lib/api';
import { AuthProvider } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';

const user = { id: 7, nombre: 'Olga', apellido: null, email: 'o@x.es', rol: 'organizer' };
const evento = (id: number, nombre: string, ubicacion: string) => ({
  id,
  nombre,
  ubicacion,
  fechaInicio: '2030-07-04T18:00:00.000Z',
  fechaFin: '2030-07-05T02:00:00.000Z',
  organizadorId: 7,
  notas: null,
  esPrivado: false,
  apiKey: 'k',
  estado: 'próximo',
  createdAt: '2030-01-01T00:00:00.000Z',
});
const eventos = [evento(1, 'Boda Ana y Luis', 'Sevilla'), evento(2, 'Festival', 'Madrid')];
const tipo = (patch: Partial<TipoTicket>): TipoTicket => ({
  id: 11,
  eventoId: 1,
  nombre: 'Bono 4 Copas',
  modo: 'por_cantidad',
  maxDrinks: 4,
  durationMinutes: null,
  drinkIntervalMinutes: null,
  drinkType: 'copas',
  validoDesde: '2030-07-04T18:00:00.000Z',
  validoHasta: '2030-07-05T02:00:00.000Z',
  ...patch,
});
const boda = tipo({});
const cerveza = tipo({
  id: 12,
  nombre: 'Cerveza cada 30 min',
  modo: 'intervalos_controlados',
  maxDrinks: 16,
  durationMinutes: 480,
  drinkIntervalMinutes: 30,
  drinkType: 'cerveza',
});
const festival = tipo({
  id: 21,
  eventoId: 2,
  nombre: 'Barra Libre',
  modo: 'temporal',
  maxDrinks: null,
  durationMinutes: 120,
  drinkType: 'todo',
});
const withEvent = (t: TipoTicket) => ({ ...t, evento: eventos.find((e) => e.id === t.eventoId)! });

type Handler = (init: RequestInit) => Response;
function serve(routes: Record<string, Handler | unknown>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const route = routes[key];
    if (route === undefined) return Response.json({ message: `sin ruta ${key}` }, { status: 404 });
    return typeof route === 'function' ? (route as Handler)(init) : Response.json(route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const baseRoutes = {
  'GET /api/auth/me': { user },
  'GET /api/eventos/7': eventos,
  'GET /api/tipos-ticket/all/organizer': [boda, cerveza, festival].map(withEvent),
  'GET /api/tipos-ticket/1': [boda, cerveza],
  'GET /api/tipos-ticket/2': [festival],
};

function renderAt(url: string) {
  localStorage.setItem(TOKEN_KEY, 't');
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  const router = createMemoryRouter(
    [
      { path: '/organizer/tipos-ticket', element: <TicketTypesPage /> },
      { path: '/organizer/tipos-ticket/:id/editar', element: <TicketTypeEditPage /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

const columnNames = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

describe('ticket types page', () => {
  it('shows every event’s ticket types by default, with the Evento column', async () => {
    serve(baseRoutes);
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
    const row = screen.getByRole('row', { name: /Cerveza cada 30 min/ });
    expect(within(row).getByText('Intervalos Controlados')).toBeInTheDocument();
    expect(within(row).getByText('1 bebida cada 30 min')).toBeInTheDocument();
    expect(within(row).getByText('Boda Ana y Luis')).toBeInTheDocument();
  });

  it('selects the event from ?evento and remembers a new choice', async () => {
    serve(baseRoutes);
    const { router, user: u } = renderAt('/organizer/tipos-ticket?evento=1');
    expect(await screen.findByRole('heading', { name: '2 tipos de ticket' })).toBeInTheDocument();
    expect(columnNames()).not.toContain('Evento');
    expect(
      screen.getByText('Configura límites por horarios, cantidades totales o intervalos de tiempo.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuevo Tipo de Ticket' })).toBeInTheDocument();

    await u.selectOptions(screen.getByLabelText('Evento'), 'Festival — Madrid');
    expect(await screen.findByRole('heading', { name: '1 tipo de ticket' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?evento=2');
    expect(localStorage.getItem('selectedEventoId')).toBe('2');
    expect(localStorage.getItem('tipos-ticket-show-all-events')).toBe('false');
  });

  it('falls back to the stored event without a query parameter', async () => {
    serve(baseRoutes);
    localStorage.setItem('selectedEventoId', '2');
    renderAt('/organizer/tipos-ticket');
    expect(await screen.findByRole('heading', { name: '1 tipo de ticket' })).toBeInTheDocument();
    expect(screen.getByLabelText('Evento')).toHaveValue('2');
  });

  it('filters by name, limit type and drink type', async () => {
    serve(baseRoutes);
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
    serve({ ...baseRoutes, 'GET /api/eventos/7': [] });
    renderAt('/organizer/tipos-ticket');
    expect(await screen.findByText('No hay eventos disponibles')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear Primer Evento' })).toHaveAttribute(
      'href',
      '/organizer/eventos',
    );
  });

  it('says so when the event has no ticket types', async () => {
    serve({ ...baseRoutes, 'GET /api/tipos-ticket/2': [] });
    renderAt('/organizer/tipos-ticket?evento=2');
    expect(await screen.findByText('No hay tipos de ticket')).toBeInTheDocument();
  });

  it('duplicates with " (Copia)" and reports a refused deletion with the server message', async () => {
    const fetchMock = serve({
      ...baseRoutes,
      'POST /api/tipos-ticket': () =>
        Response.json({ ...boda, id: 13, nombre: 'Bono 4 Copas (Copia)' }, { status: 201 }),
      'DELETE /api/tipos-ticket/11': () =>
        Response.json(
          {
            message: 'No se puede eliminar un tipo de ticket que ya tiene tickets emitidos',
            error: 'conflict',
          },
          { status: 409 },
        ),
    });
    const { user: u } = renderAt('/organizer/tipos-ticket?evento=1');
    await u.click(await screen.findByRole('button', { name: 'Acciones para Bono 4 Copas' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Duplicar' }));
    expect(await screen.findByText('Tipo de ticket creado')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toMatchObject({
      nombre: 'Bono 4 Copas (Copia)',
      eventoId: 1,
    });

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
    serve(baseRoutes);
    renderAt('/organizer/tipos-ticket/abc/editar');
    expect(await screen.findByRole('heading', { name: 'Tipo de ticket no encontrado' })).toBeInTheDocument();
  });

  it('says the ticket type was not found on a 404', async () => {
    serve(baseRoutes);
    renderAt('/organizer/tipos-ticket/99/editar');
    expect(await screen.findByRole('heading', { name: 'Tipo de ticket no encontrado' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'El tipo de ticket que intentas editar no existe o no tienes permisos para acceder a él.',
      ),
    ).toBeInTheDocument();
  });

  it('checks the edit page bounds, saves and goes back to the list', async () => {
    const fetchMock = serve({
      ...baseRoutes,
      'GET /api/tipos-ticket/single/12': withEvent(cerveza),
      'PUT /api/tipos-ticket/12': (init: RequestInit) =>
        Response.json({ ...cerveza, ...JSON.parse(init.body as string) }),
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
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(put[1]!.body as string)).toMatchObject({ drinkIntervalMinutes: 2, maxDrinks: 240 });
    expect(screen.getByText('Tipo de ticket actualizado')).toBeInTheDocument();
  });
});
