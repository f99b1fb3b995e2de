import type { TicketDetail } from '@drinkflow/domain/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { OrderDetailPage } from '@/features/orders/pages/order-detail-page';
import { type ApiRoutes, failure, sentBodies, serveApi } from '../support/api-stub';
import { anOrganizer, aPedido, aTicket, aTicketType } from '../support/entities';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { renderRoutes, signIn } from '../support/render-app';
import { stubResizeObserver } from '../support/resize-observer';

const organizer = anOrganizer();
const pedido = aPedido({ totalTickets: 2 });
const fresh = aTicket({ id: 1 });
const scanned = aTicket({
  id: 2,
  qrCode: 'qr-dos',
  totalConsumos: 2,
  ultimoConsumo: '2030-07-04T21:30:00.000Z',
});
const invalid = aTicket({ id: 3, qrCode: 'qr-tres', estado: 'invalidado' });

const routes = (tickets: TicketDetail[] = [fresh, scanned]) =>
  ({
    'GET /api/auth/me': { user: organizer },
    'GET /api/pedido/5': pedido,
    'GET /api/tickets/5': tickets,
    'GET /api/tickets/2/consumos': [
      { id: 1, tipoBebida: 'copa', timestamp: '2030-07-04T20:00:00.000Z', barra: 'Barra Norte' },
      { id: 2, tipoBebida: 'cerveza', timestamp: '2030-07-04T21:30:00.000Z', barra: null },
    ],
    'GET /api/tickets/1/rechazos': [],
    'GET /api/tickets/2/rechazos': [],
    'GET /api/tickets/3/rechazos': [],
    'GET /api/tickets/1/recargas': [],
    'GET /api/tickets/2/recargas': [
      {
        id: 9,
        ticketId: 2,
        bebidas: 3,
        importe: 7.5,
        metodo: 'efectivo',
        nota: 'Pagó en barra',
        creadoPor: { nombre: 'Inés' },
        paraHoy: false,
        createdAt: '2030-07-04T21:45:00.000Z',
      },
    ],
    'GET /api/tickets/3/recargas': [],
    'GET /api/tipos-ticket/1': [aTicketType(), aTicketType({ id: 12, nombre: 'VIP' })],
  }) satisfies ApiRoutes;

function renderDetail(apiRoutes: ApiRoutes, url = '/organizer/pedido/5?evento=todos') {
  const fetchMock = serveApi(apiRoutes);
  signIn(organizer);
  const rendered = renderRoutes(
    [
      { path: '/organizer/pedido/:id', element: <OrderDetailPage /> },
      { path: '/organizer/pedidos', element: <h1>Lista de pedidos</h1> },
    ],
    url,
  );
  return { fetchMock, ...rendered };
}

const ticketCard = (id: number) => screen.findByRole('article', { name: `Ticket #${id}` });

/** A dialog's field by its label; a required field's label ends in '*'. */
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(new RegExp(`^${label}\\*?$`));

describe('order detail page', () => {
  inMadridTimeZone();
  beforeEach(stubResizeObserver);

  it('shows the order, its event and every ticket with its status, rules, scans and QR code', async () => {
    renderDetail(routes());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Detalle del Pedido #5' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Boda Ana y Luis')).toBeInTheDocument();
    expect(screen.getByText('04/07/2030')).toBeInTheDocument();
    for (const text of ['Ana García', 'ana@x.es', '+34 600 000 001', 'Bono 4 Copas']) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(await screen.findByRole('heading', { name: 'Tickets (2)' })).toBeInTheDocument();

    const first = await ticketCard(1);
    // One badge: the effective state would only repeat 'Activo' (docs/rules/states-and-flows.md).
    expect(within(first).getAllByText('Activo')).toHaveLength(1);
    expect(within(first).queryByText(/Estado efectivo/)).not.toBeInTheDocument();
    expect(await within(first).findByText('Quedan 4 de 4 bebidas')).toBeInTheDocument();
    expect(within(first).getByText('No escaneado aún')).toBeInTheDocument();
    expect(within(first).getByText('Copas')).toBeInTheDocument();
    expect(within(first).getByText('Por Cantidad')).toBeInTheDocument();
    expect(within(first).getByText('4 bebidas')).toBeInTheDocument();
    expect(within(first).getByText('qr-uno')).toBeInTheDocument();
    const qr = await within(first).findByRole('img', { name: 'Código QR del ticket #1' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(first).getByRole('button', { name: 'Regenerar QR' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Invalidar' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Reactivar' })).not.toBeInTheDocument();

    const second = await ticketCard(2);
    expect(within(second).getByText('Escaneado')).toBeInTheDocument();
    expect(within(second).getByText('Estado efectivo:').parentElement).toHaveTextContent('Activo');
    expect(within(second).getByText('Escaneado 2 veces')).toBeInTheDocument();
    expect(within(second).getByText('Último escaneo: 04/07/2030 23:30')).toBeInTheDocument();
    const scans = await within(second).findByRole('list', { name: 'Consumos del ticket #2' });
    expect(
      within(scans)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Copa · Barra Norte04/07/2030 22:00', 'Cerveza · Sin barra04/07/2030 23:30']);
  });

  it('goes back to the list it came from', async () => {
    const { user, router } = renderDetail(routes());
    await user.click(await screen.findByRole('link', { name: 'Volver a Pedidos' }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/organizer/pedidos?evento=todos',
    );
  });

  it('invalidates an active ticket after confirming, and reloads the tickets', async () => {
    let invalidated = false;
    const { fetchMock, user } = renderDetail({
      ...routes(),
      'GET /api/tickets/5': () => [invalidated ? { ...fresh, estado: 'invalidado' as const } : fresh],
      'PATCH /api/tickets/1/invalidate': () => {
        invalidated = true;
        return { ...fresh, estado: 'invalidado' as const };
      },
    });
    const card = await ticketCard(1);
    await user.click(within(card).getByRole('button', { name: 'Invalidar' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Invalidar ticket?' });
    await user.click(within(confirm).getByRole('button', { name: 'Invalidar' }));
    expect(await screen.findByText('Ticket invalidado')).toBeInTheDocument();
    expect(await within(card).findByText('Inválido')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reactivar' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH /api/tickets/1/invalidate')).toHaveLength(1);
  });

  it('offers only Reactivar for an invalidated ticket, and regenerates an active one’s QR', async () => {
    const { fetchMock, user } = renderDetail({
      ...routes([fresh, invalid]),
      'PATCH /api/tickets/3/reactivate': { ...invalid, estado: 'activo' },
      'PATCH /api/tickets/1/regenerate-qr': { ...fresh, qrCode: 'qr-nuevo' },
    });
    const card = await ticketCard(3);
    expect(within(card).getByText('Inválido')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Invalidar' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Regenerar QR' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Reactivar' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: '¿Reactivar ticket?' })).getByRole('button', {
        name: 'Reactivar',
      }),
    );
    expect(await screen.findByText('Ticket reactivado')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH /api/tickets/3/reactivate')).toHaveLength(1);

    await user.click(within(await ticketCard(1)).getByRole('button', { name: 'Regenerar QR' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Regenerar código QR?' });
    expect(confirm).toHaveTextContent('dejará de funcionar de inmediato');
    await user.click(within(confirm).getByRole('button', { name: 'Regenerar QR' }));
    expect(await screen.findByText('QR regenerado')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH /api/tickets/1/regenerate-qr')).toHaveLength(1);
  });

  it('edits the guest and changes the ticket type with its own call', async () => {
    const { fetchMock, user } = renderDetail({
      ...routes(),
      'PUT /api/pedidos/5': (body) => ({ ...pedido, ...(body as object) }),
      'PUT /api/pedidos/5/ticket-type': { ...pedido, tipoTicket: { id: 12, nombre: 'VIP' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Editar Pedido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Pedido #5' });
    await within(dialog).findByRole('option', { name: 'VIP' });
    expect(field(dialog, 'Tipo de Ticket')).toHaveValue('11');
    await user.clear(field(dialog, 'Nombre Completo'));
    await user.type(field(dialog, 'Nombre Completo'), 'Ana García Ruiz');
    await user.selectOptions(field(dialog, 'Tipo de Ticket'), 'VIP');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Pedido actualizado')).toBeInTheDocument();
    expect(
      screen.getByText('La información del pedido se ha actualizado correctamente.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT /api/pedidos/5')).toEqual([
      { nombreCompleto: 'Ana García Ruiz', email: 'ana@x.es', telefono: '+34 600 000 001' },
    ]);
    expect(sentBodies(fetchMock, 'PUT /api/pedidos/5/ticket-type')).toEqual([{ ticketTypeId: 12 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('does not send the ticket type when it did not change, and checks the fields', async () => {
    const { fetchMock, user } = renderDetail({ ...routes(), 'PUT /api/pedidos/5': pedido });
    await user.click(await screen.findByRole('button', { name: 'Editar Pedido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Pedido #5' });
    await within(dialog).findByRole('option', { name: 'VIP' });
    await user.clear(field(dialog, 'Email'));
    await user.type(field(dialog, 'Email'), 'no-es-email');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('Email inválido')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT /api/pedidos/5')).toHaveLength(0);

    await user.clear(field(dialog, 'Email'));
    await user.type(field(dialog, 'Email'), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Pedido actualizado')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT /api/pedidos/5')).toHaveLength(1);
    expect(sentBodies(fetchMock, 'PUT /api/pedidos/5/ticket-type')).toHaveLength(0);
  });

  it('says when an order has no tickets', async () => {
    renderDetail(routes([]));
    expect(await screen.findByText('No hay tickets para este pedido')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tickets (0)' })).toBeInTheDocument();
  });

  it('says when the order does not exist, with a way back', async () => {
    renderDetail(
      {
        'GET /api/auth/me': { user: organizer },
        'GET /api/pedido/5': failure(404, { message: 'Pedido no encontrado', error: 'not_found' }),
      },
      '/organizer/pedido/5',
    );
    expect(await screen.findByRole('heading', { name: 'Pedido no encontrado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Pedidos' })).toHaveAttribute(
      'href',
      '/organizer/pedidos',
    );
  });

  it('counts a ticket’s top-ups in its limit and lists them under «Recargas» (docs/rules/festivals.md)', async () => {
    renderDetail(routes());
    const card = await ticketCard(2);
    expect(await within(card).findByText('Quedan 5 de 7 bebidas (2 usadas)')).toBeInTheDocument();
    const recargas = within(card).getByRole('region', { name: 'Recargas del ticket #2' });
    const entry = within(recargas).getByRole('listitem');
    expect(entry).toHaveTextContent('04/07/2030 23:45');
    expect(entry).toHaveTextContent('+3 bebidas');
    expect(entry).toHaveTextContent(/7,50\s€/);
    expect(entry).toHaveTextContent('Efectivo');
    expect(entry).toHaveTextContent('Pagó en barra');
    expect(entry).toHaveTextContent('por Inés');
    expect(within(recargas).getByRole('button', { name: 'Añadir bebidas' })).toBeInTheDocument();
    const fresh = await ticketCard(1);
    expect(await within(fresh).findByText('Sin recargas.')).toBeInTheDocument();
  });

  it('says «Hoy: 2 de 4» beside the drinks left of a ticket with a per-day limit, and not otherwise', async () => {
    const perDay = aTicket({
      ...scanned,
      tipoTicket: aTicketType({ maxDrinksPerDay: 4 }),
      bebidasHoy: 2,
      maxDrinksPerDay: 4,
    });
    renderDetail(routes([fresh, perDay]));
    const card = await ticketCard(2);
    expect(await within(card).findByText('Quedan 5 de 7 bebidas (2 usadas)')).toBeInTheDocument();
    expect(within(card).getByText('Hoy: 2 de 4')).toBeInTheDocument();
    expect(within(await ticketCard(1)).queryByText(/^Hoy:/)).not.toBeInTheDocument();
  });

  it('offers no top-up for a ticket without a drink limit', async () => {
    const temporal = aTicket({
      tipoTicket: aTicketType({ modo: 'temporal', maxDrinks: null, durationMinutes: 120 }),
    });
    renderDetail(routes([temporal]));
    const card = await ticketCard(1);
    expect(within(card).queryByRole('button', { name: 'Añadir bebidas' })).not.toBeInTheDocument();
    expect(within(card).queryByText('Recargas')).not.toBeInTheDocument();
  });
});
