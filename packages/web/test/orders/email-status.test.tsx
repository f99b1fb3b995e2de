import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { OrderDetailPage } from '@/features/orders/pages/order-detail-page';
import { type ApiRoutes, failure, sentBodies, serveApi } from '../support/api-stub';
import { anOrganizer, aPedido } from '../support/entities';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { renderRoutes, signIn } from '../support/render-app';
import { stubResizeObserver } from '../support/resize-observer';

const organizer = anOrganizer();

function renderDetail(routes: ApiRoutes) {
  const fetchMock = serveApi({
    'GET /api/auth/me': { user: organizer },
    'GET /api/tickets/5': [],
    ...routes,
  });
  signIn(organizer);
  renderRoutes([{ path: '/organizer/pedido/:id', element: <OrderDetailPage /> }], '/organizer/pedido/5');
  return fetchMock;
}

const emailCard = () => screen.findByRole('region', { name: 'Envío por email' });

describe('order email status', () => {
  inMadridTimeZone();
  beforeEach(stubResizeObserver);

  it('shows when it was sent and offers Reenviar', async () => {
    renderDetail({
      'GET /api/pedido/5': aPedido({
        envio: { estado: 'enviado', intentos: 1, enviadoEn: '2030-06-02T08:30:00.000Z', ultimoError: null },
      }),
    });
    const card = await emailCard();
    expect(within(card).getByText('Enviado')).toBeInTheDocument();
    expect(within(card).getByText('el 02/06/2030 10:30')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reenviar' })).toBeEnabled();
  });

  it('shows a failure with its reason, and resends', async () => {
    const fetchMock = renderDetail({
      'GET /api/pedido/5': aPedido({
        envio: {
          estado: 'fallido',
          intentos: 4,
          enviadoEn: null,
          ultimoError: 'El servidor de correo rechazó el mensaje (550 Mailbox unavailable)',
        },
      }),
      'POST /api/pedidos/5/enviar': { estado: 'en_cola' },
    });
    const card = await emailCard();
    expect(
      within(card).getByText('Fallido: El servidor de correo rechazó el mensaje (550 Mailbox unavailable)'),
    ).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST /api/pedidos/5/enviar')).toHaveLength(1));
  });

  it('says so when email is not configured', async () => {
    renderDetail({
      'GET /api/pedido/5': aPedido(),
      'POST /api/pedidos/5/enviar': failure(409, {
        message: 'El envío por email no está configurado',
        error: 'conflict',
      }),
    });
    const card = await emailCard();
    expect(within(card).getByText('Sin enviar')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Enviar por email' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'El envío por email no está configurado',
    );
  });
});
