import type { OrdersPage as OrdersPageBody } from '@drinkflow/domain/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OrdersPage } from '@/features/orders/pages/orders-page';
import { type ApiRoutes, failure, requestedUrls, sentBodies, serveApi } from '../support/api-stub';
import { anEvent, anOrganizer, aPedido, aTicketType } from '../support/entities';
import { renderRoutes, signIn } from '../support/render-app';
import { stubResizeObserver } from '../support/resize-observer';

const organizer = anOrganizer();
const eventos = [anEvent(), anEvent({ id: 2, nombre: 'Festival', fechaInicio: '2030-08-01T18:00:00.000Z' })];
const ana = aPedido();
const luis = aPedido({ id: 6, nombreCompleto: 'Luis Martín', email: 'luis@x.es', telefono: null });
const page = (pedidos = [ana, luis], total = pedidos.length): OrdersPageBody => ({
  pedidos,
  total,
  page: 1,
  limit: 20,
});

const baseRoutes = {
  'GET /api/auth/me': { user: organizer },
  'GET /api/eventos/7': eventos,
  'GET /api/tipos-ticket/1': [aTicketType(), aTicketType({ id: 12, nombre: 'VIP' })],
  'GET /api/tipos-ticket/all/organizer': [
    aTicketType({ evento: { nombre: 'Boda Ana y Luis', ubicacion: 'Sevilla' } }),
  ],
  'GET /api/pedidos/1': page(),
  'GET /api/pedidos/all/organizer': page(),
} satisfies ApiRoutes;

function renderOrders(url = '/organizer/pedidos') {
  signIn(organizer);
  return renderRoutes(
    [
      { path: '/organizer/pedidos', element: <OrdersPage /> },
      { path: '/organizer/pedido/:id', element: <h1>Detalle</h1> },
      { path: '/organizer/eventos', element: <h1>Mis Eventos</h1> },
    ],
    url,
  );
}

const columnNames = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);
const lastQuery = (fetchMock: ReturnType<typeof serveApi>, route: 'GET /api/pedidos/1') =>
  Object.fromEntries(new URL(requestedUrls(fetchMock, route).at(-1)!, 'http://x').searchParams);

describe('orders page', () => {
  beforeEach(stubResizeObserver);

  it('asks for an event when none was chosen before, without the event actions', async () => {
    serveApi(baseRoutes);
    renderOrders();
    expect(screen.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Selecciona un Evento' })).toBeInTheDocument();
    expect(screen.getByLabelText('Evento')).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Festival — 01/08/2030' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nuevo Pedido' })).not.toBeInTheDocument();
  });

  it('offers to create the first event when there are none', async () => {
    serveApi({ ...baseRoutes, 'GET /api/eventos/7': [] });
    const { router, user } = renderOrders();
    expect(await screen.findByRole('heading', { name: 'No hay eventos creados' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Crear Mi Primer Evento' }));
    expect(router.state.location.pathname).toBe('/organizer/eventos');
  });

  it('lists one event’s orders from ?evento, remembers it, and offers its actions', async () => {
    const fetchMock = serveApi(baseRoutes);
    renderOrders('/organizer/pedidos?evento=1');
    expect(await screen.findByRole('row', { name: /Ana García/ })).toBeInTheDocument();
    expect(columnNames()).toEqual(['Nombre', 'Email', 'Tipo de Ticket', 'Tickets', 'Fecha', 'Acciones']);
    const row = screen.getByRole('row', { name: /Ana García/ });
    expect(within(row).getByText('+34 600 000 001')).toBeInTheDocument();
    expect(within(row).getByText('Bono 4 Copas')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 2 de 2 pedidos')).toBeInTheDocument();
    for (const name of ['Nuevo Pedido', 'Importar invitados', 'Descargar todos los tickets']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(localStorage.getItem('pedidos-selected-evento')).toBe('1');
    expect(localStorage.getItem('pedidos-show-all-events')).toBe('false');
    expect(lastQuery(fetchMock, 'GET /api/pedidos/1')).toEqual({ page: '1', limit: '20' });
    expect(within(row).getByRole('link', { name: 'Ver detalle Ana García' })).toHaveAttribute(
      'href',
      '/organizer/pedido/5?evento=1',
    );
  });

  it('shows all events with the Evento column when all events were chosen last time', async () => {
    localStorage.setItem('pedidos-show-all-events', 'true');
    serveApi(baseRoutes);
    renderOrders();
    expect(await screen.findByRole('row', { name: /Ana García/ })).toBeInTheDocument();
    expect(columnNames()).toContain('Evento');
    expect(screen.getByLabelText('Evento')).toHaveValue('todos');
    expect(screen.queryByRole('button', { name: 'Nuevo Pedido' })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Bono 4 Copas — Boda Ana y Luis' })).toBeInTheDocument();
  });

  it('shows each email state under the address once the event has emailed an order, even on a page of unsent ones', async () => {
    // This page's orders are unsent; the event's counts say others were sent.
    serveApi({
      ...baseRoutes,
      'GET /api/eventos/1/envios': {
        total: 9,
        enviados: 3,
        enCola: 0,
        fallidos: 1,
        sinEnviar: 5,
        configurado: true,
        enlaces: { base: 'https://fiesta.example.org', local: false },
      },
    });
    renderOrders('/organizer/pedidos?evento=1');
    const row = await screen.findByRole('row', { name: /Ana García/ });
    const emailCell = within(row).getByText('ana@x.es').closest('td')!;
    await waitFor(() => expect(emailCell).toHaveTextContent(/Estado del email: Sin enviar/));
    // No column of its own: the table keeps its width.
    expect(columnNames()).toEqual(['Nombre', 'Email', 'Tipo de Ticket', 'Tickets', 'Fecha', 'Acciones']);
    // The phone's card, in its Email field.
    const card = screen.getByRole('article', { name: 'Luis Martín' });
    const field = within(card).getByText('luis@x.es').closest('dd')!;
    expect(field).toHaveTextContent(/Estado del email: Sin enviar/);
  });

  it('shows no email states while no order of the event was emailed', async () => {
    const fetchMock = serveApi({
      ...baseRoutes,
      'GET /api/eventos/1/envios': {
        total: 2,
        enviados: 0,
        enCola: 0,
        fallidos: 0,
        sinEnviar: 2,
        configurado: false,
        enlaces: null,
      },
    });
    renderOrders('/organizer/pedidos?evento=1');
    await screen.findByRole('row', { name: /Ana García/ });
    await waitFor(() => expect(requestedUrls(fetchMock, 'GET /api/eventos/1/envios')).toHaveLength(1));
    expect(screen.queryByText('Sin enviar')).not.toBeInTheDocument();
    expect(screen.queryByText(/Estado del email/)).not.toBeInTheDocument();
  });

  it('shows email states across all events when a shown order was emailed, and reads them again while queued', async () => {
    localStorage.setItem('pedidos-show-all-events', 'true');
    let calls = 0;
    const queued = aPedido({ envio: { estado: 'en_cola', intentos: 0, enviadoEn: null, ultimoError: null } });
    const sent = aPedido({ envio: { estado: 'enviado', intentos: 1, enviadoEn: null, ultimoError: null } });
    const failed = aPedido({
      id: 7,
      nombreCompleto: 'Eva Ruiz',
      envio: { estado: 'fallido', intentos: 4, enviadoEn: null, ultimoError: 'Buzón lleno' },
    });
    serveApi({
      ...baseRoutes,
      'GET /api/pedidos/all/organizer': () => (++calls === 1 ? page([queued, failed]) : page([sent, failed])),
    });
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
      shouldAdvanceTime: true,
    });
    try {
      renderOrders();
      const row = await screen.findByRole('row', { name: /Ana García/ });
      expect(within(row).getByText('En cola')).toBeInTheDocument();
      // The list says only 'Fallido'; the reason is its tooltip, and spelled out on the order's page.
      const failedRow = screen.getByRole('row', { name: /Eva Ruiz/ });
      expect(within(failedRow).getByText('Fallido')).toHaveAttribute('title', 'Buzón lleno');
      await vi.advanceTimersByTimeAsync(3000);
      expect(await within(row).findByText('Enviado')).toBeInTheDocument();
      expect(calls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when the event has no orders yet', async () => {
    serveApi({ ...baseRoutes, 'GET /api/pedidos/1': page([]) });
    renderOrders('/organizer/pedidos?evento=1');
    expect(await screen.findByRole('heading', { name: 'No hay pedidos' })).toBeInTheDocument();
    expect(screen.getByText('No se han encontrado pedidos para este evento.')).toBeInTheDocument();
  });

  it('explains a failed load and tries again', async () => {
    let calls = 0;
    serveApi({
      ...baseRoutes,
      'GET /api/pedidos/1': () =>
        ++calls === 1 ? failure(500, { message: 'Error interno', error: 'internal' }) : page(),
    });
    const { user } = renderOrders('/organizer/pedidos?evento=1');
    expect(await screen.findByText('No se pudieron cargar los pedidos.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('row', { name: /Ana García/ })).toBeInTheDocument();
  });

  it('sends the filters to the server, counts them and clears them', async () => {
    const fetchMock = serveApi({
      ...baseRoutes,
      'GET /api/pedidos/1': (_body, _init, url) => (url.searchParams.has('search') ? page([], 0) : page()),
    });
    const { user } = renderOrders('/organizer/pedidos?evento=1');
    await screen.findByRole('row', { name: /Ana García/ });

    await user.selectOptions(screen.getByLabelText('Tipo de Ticket'), 'VIP');
    await waitFor(() =>
      expect(lastQuery(fetchMock, 'GET /api/pedidos/1')).toMatchObject({ ticketTypeId: '12' }),
    );
    await user.type(screen.getByLabelText('Desde'), '01/07/2030');
    await user.type(screen.getByLabelText('Hasta'), '05/07/2030');
    await waitFor(() =>
      expect(lastQuery(fetchMock, 'GET /api/pedidos/1')).toEqual({
        page: '1',
        limit: '20',
        ticketTypeId: '12',
        desde: '2030-07-01',
        hasta: '2030-07-05',
      }),
    );
    expect(await screen.findByText('Mostrando 2 de 2 pedidos (2 filtros aplicados)')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Buscar'), 'zzz');
    expect(screen.getByText('3 filtros activos')).toBeInTheDocument();
    expect(
      await screen.findByText('No se encontraron pedidos que coincidan con los filtros aplicados.'),
    ).toBeInTheDocument();
    expect(lastQuery(fetchMock, 'GET /api/pedidos/1')).toMatchObject({ search: 'zzz' });
    // Debounced: one request for the whole word, not one per letter.
    expect(
      requestedUrls(fetchMock, 'GET /api/pedidos/1').filter((url) => url.includes('search=')),
    ).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(await screen.findByText('Mostrando 2 de 2 pedidos')).toBeInTheDocument();
    expect(screen.getByLabelText('Buscar')).toHaveValue('');
    expect(screen.getByLabelText('Desde')).toHaveValue('');
    expect(screen.queryByText(/filtros? activos?/)).not.toBeInTheDocument();
  });

  it('pages on the server', async () => {
    const many = Array.from({ length: 20 }, (_, index) =>
      aPedido({ id: 100 + index, nombreCompleto: `Invitado ${index + 1}` }),
    );
    const fetchMock = serveApi({ ...baseRoutes, 'GET /api/pedidos/1': page(many, 45) });
    const { user } = renderOrders('/organizer/pedidos?evento=1');
    expect(await screen.findByText('Mostrando 20 de 45 pedidos')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(lastQuery(fetchMock, 'GET /api/pedidos/1')).toMatchObject({ page: '3' }));
  });

  it('deletes an order after confirming', async () => {
    const fetchMock = serveApi({
      ...baseRoutes,
      'DELETE /api/pedidos/5': { message: 'Eliminado', id: 5 },
    });
    const { user } = renderOrders('/organizer/pedidos?evento=1');
    const row = await screen.findByRole('row', { name: /Ana García/ });
    await user.click(within(row).getByRole('button', { name: 'Eliminar Ana García' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Eliminar pedido?' });
    expect(confirm).toHaveTextContent('Esta acción no se puede deshacer');
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Pedido eliminado')).toBeInTheDocument();
    expect(
      screen.getByText('El pedido y todos sus tickets han sido eliminados exitosamente.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'DELETE /api/pedidos/5')).toHaveLength(1);
  });
});
