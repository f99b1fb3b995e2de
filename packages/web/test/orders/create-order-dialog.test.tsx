import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { OrdersPage } from '@/features/orders/pages/orders-page';
import { type ApiRoutes, created, failure, sentBodies, serveApi } from '../support/api-stub';
import { anEvent, anOrganizer, aPedido, aTicketType } from '../support/entities';
import { renderRoutes, signIn } from '../support/render-app';
import { stubResizeObserver } from '../support/resize-observer';

const organizer = anOrganizer();
const routes = {
  'GET /api/auth/me': { user: organizer },
  'GET /api/eventos/7': [anEvent()],
  'GET /api/tipos-ticket/1': [aTicketType(), aTicketType({ id: 12, nombre: 'VIP' })],
  'GET /api/pedidos/1': { pedidos: [], total: 0, page: 1, limit: 20 },
  'POST /api/pedidos': created({ ...aPedido(), tickets: [] }),
} satisfies ApiRoutes;

async function openDialog(apiRoutes: ApiRoutes = routes) {
  const fetchMock = serveApi(apiRoutes);
  signIn(organizer);
  const { user } = renderRoutes(
    [{ path: '/organizer/pedidos', element: <OrdersPage /> }],
    '/organizer/pedidos?evento=1',
  );
  await user.click(await screen.findByRole('button', { name: 'Nuevo Pedido' }));
  const dialog = await screen.findByRole('dialog', { name: 'Crear Nuevo Pedido' });
  // The ticket types have loaded when their select shows.
  await within(dialog).findByRole('option', { name: 'VIP' });
  return { fetchMock, user, dialog };
}

/** A dialog's field by its label; a required field's label ends in '*'. */
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(new RegExp(`^${label}\\*?$`));

describe('create order dialog', () => {
  beforeEach(stubResizeObserver);

  it('names the event and its date, with the spec’s fields', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveTextContent('Boda Ana y Luis');
    expect(dialog).toHaveTextContent('04/07/2030');
    for (const label of ['Nombre Completo', 'Email', 'Teléfono', 'Tipo de Ticket', 'Cantidad de Tickets']) {
      expect(field(dialog, label)).toBeInTheDocument();
    }
    expect(field(dialog, 'Teléfono')).toHaveAttribute('placeholder', '+34 600 000 000');
    expect(field(dialog, 'Cantidad de Tickets')).toHaveValue(1);
  });

  it('refuses missing required fields with the spec’s toast and sends nothing', async () => {
    const { fetchMock, user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Crear Pedido' }));
    expect(await screen.findByText('Campos requeridos')).toBeInTheDocument();
    expect(screen.getByText('Por favor completa todos los campos obligatorios.')).toBeInTheDocument();
    expect(within(dialog).getByText('El nombre es requerido')).toBeInTheDocument();
    expect(within(dialog).getByText('El email es obligatorio')).toBeInTheDocument();
    expect(within(dialog).getByText('Debe seleccionar un tipo de ticket')).toBeInTheDocument();
    expect(field(dialog, 'Nombre Completo')).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetchMock, 'POST /api/pedidos')).toHaveLength(0);
  });

  it('refuses a bad email and more than 10 tickets', async () => {
    const { fetchMock, user, dialog } = await openDialog();
    await user.type(field(dialog, 'Nombre Completo'), 'Ana García');
    await user.type(field(dialog, 'Email'), 'ana@');
    await user.selectOptions(field(dialog, 'Tipo de Ticket'), 'VIP');
    await user.clear(field(dialog, 'Cantidad de Tickets'));
    await user.type(field(dialog, 'Cantidad de Tickets'), '11');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Pedido' }));
    expect(await within(dialog).findByText('Email inválido')).toBeInTheDocument();
    expect(within(dialog).getByText('La cantidad debe estar entre 1 y 10 tickets')).toBeInTheDocument();
    expect(screen.getByText('Error de validación')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/pedidos')).toHaveLength(0);
  });

  it('creates the order and its tickets in one POST, then closes', async () => {
    const { fetchMock, user, dialog } = await openDialog();
    await user.type(field(dialog, 'Nombre Completo'), '  Ana García ');
    await user.type(field(dialog, 'Email'), 'ana@example.com');
    await user.type(field(dialog, 'Teléfono'), '+34 600 000 001');
    await user.selectOptions(field(dialog, 'Tipo de Ticket'), 'VIP');
    await user.clear(field(dialog, 'Cantidad de Tickets'));
    await user.type(field(dialog, 'Cantidad de Tickets'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Pedido' }));
    expect(await screen.findByText('Pedido creado')).toBeInTheDocument();
    expect(screen.getByText('El pedido y sus tickets han sido creados exitosamente.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/pedidos')).toEqual([
      {
        eventoId: 1,
        nombreCompleto: 'Ana García',
        email: 'ana@example.com',
        telefono: '+34 600 000 001',
        ticketTypeId: 12,
        quantity: 3,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('takes an empty quantity as one ticket', async () => {
    const { fetchMock, user, dialog } = await openDialog();
    await user.type(field(dialog, 'Nombre Completo'), 'Ana');
    await user.type(field(dialog, 'Email'), 'ana@example.com');
    await user.selectOptions(field(dialog, 'Tipo de Ticket'), 'Bono 4 Copas');
    await user.clear(field(dialog, 'Cantidad de Tickets'));
    await user.click(within(dialog).getByRole('button', { name: 'Crear Pedido' }));
    await screen.findByText('Pedido creado');
    expect(sentBodies(fetchMock, 'POST /api/pedidos')).toEqual([
      expect.objectContaining({ ticketTypeId: 11, quantity: 1, telefono: null }),
    ]);
  });

  it('keeps the dialog open with the spec’s message when the server refuses', async () => {
    const { user, dialog } = await openDialog({
      ...routes,
      'POST /api/pedidos': failure(400, {
        message: 'Datos inválidos',
        error: 'validation',
        details: [{ field: 'email', message: 'Email inválido' }],
      }),
    });
    await user.type(field(dialog, 'Nombre Completo'), 'Ana');
    await user.type(field(dialog, 'Email'), 'ana@example.com');
    await user.selectOptions(field(dialog, 'Tipo de Ticket'), 'VIP');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Pedido' }));
    expect(await screen.findByText('No se pudo crear el pedido. Inténtalo de nuevo.')).toBeInTheDocument();
    expect(within(dialog).getByText('Email inválido')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Crear Nuevo Pedido' })).toBeInTheDocument();
  });
});
