import type { EnvioProgress } from '@drinkflow/domain/email';
import type { EventoDetail } from '@drinkflow/domain/events';
import type { LinkBase } from '@drinkflow/domain/link-base';
import type { WhatsappSendItem } from '@drinkflow/domain/whatsapp';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BulkEmailDialog } from '@/features/orders/components/bulk-email-dialog';
import { OrderDetailPage } from '@/features/orders/pages/order-detail-page';
import { WhatsappSendingPage } from '@/features/whatsapp/pages/whatsapp-sending-page';
import { type ApiRoutes, requestedUrls, serveApi } from '../support/api-stub';
import { anEvent, anOrganizer, aPedido, aTicket } from '../support/entities';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { renderRoutes, signIn } from '../support/render-app';
import { stubResizeObserver } from '../support/resize-observer';

// docs/rules/guests.md#links-that-cannot-work: every screen that sends guest links warns, before
// sending, when their base is this computer; an order's WhatsApp send is recorded as the list's is;
// an order's email button is disabled, with the bulk dialog's reason, when email is not configured.

const WARNING =
  'Los enlaces apuntarán a este ordenador y los invitados no podrán abrirlos. Configura PUBLIC_URL.';
const NOT_CONFIGURED =
  'El envío por email no está configurado. Pide al administrador del servidor que configure SMTP_URL.';

const organizer = anOrganizer();
const LOCAL: LinkBase = { base: 'http://127.0.0.1:3300', local: true };
const PUBLIC: LinkBase = { base: 'https://fiesta.example.org', local: false };
const progress = (patch: Partial<EnvioProgress> = {}): EnvioProgress => ({
  total: 1,
  enviados: 0,
  enCola: 0,
  fallidos: 0,
  sinEnviar: 1,
  configurado: true,
  enlaces: PUBLIC,
  ...patch,
});

function renderOrder(routes: ApiRoutes) {
  const fetchMock = serveApi({
    'GET /api/auth/me': { user: organizer },
    'GET /api/pedido/5': aPedido({ totalTickets: 1 }),
    'GET /api/tickets/5': [aTicket()],
    'GET /api/tickets/1/rechazos': [],
    'GET /api/tickets/1/recargas': [],
    ...routes,
  });
  signIn(organizer);
  const rendered = renderRoutes(
    [{ path: '/organizer/pedido/:id', element: <OrderDetailPage /> }],
    '/organizer/pedido/5',
  );
  return { fetchMock, ...rendered };
}

const orderWhatsapp = async () =>
  within(
    await screen.findByText('Información del pedido').then((title) => title.closest('div')!.parentElement!),
  ).findByRole('link', { name: 'Enviar por WhatsApp' });
const messageOf = (link: HTMLElement) => new URL(link.getAttribute('href')!).searchParams.get('text')!;

describe('the order detail', () => {
  inMadridTimeZone();
  beforeEach(stubResizeObserver);

  it('warns when the links point at this computer, and builds them on that base', async () => {
    renderOrder({ 'GET /api/enlaces': LOCAL, 'GET /api/eventos/1/envios': progress() });
    expect(await screen.findByRole('alert')).toHaveTextContent(WARNING);
    expect(messageOf(await orderWhatsapp())).toContain('http://127.0.0.1:3300/t/enlace-uno');
  });

  it('does not warn when PUBLIC_URL is a real host, and its links start with it', async () => {
    renderOrder({ 'GET /api/enlaces': PUBLIC, 'GET /api/eventos/1/envios': progress() });
    expect(messageOf(await orderWhatsapp())).toContain('https://fiesta.example.org/t/enlace-uno');
    await screen.findByRole('region', { name: 'Envío por email' });
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
  });

  it('warns for the email alone when only the emails’ base is this computer', async () => {
    renderOrder({
      'GET /api/pedido/5': aPedido({ telefono: null, telefonoWhatsapp: null }),
      'GET /api/enlaces': PUBLIC,
      'GET /api/eventos/1/envios': progress({ enlaces: { base: 'http://localhost:3000', local: true } }),
    });
    expect(await screen.findByText(WARNING)).toBeInTheDocument();
  });

  it('records a WhatsApp send of the order, as the sending list does', async () => {
    let sentAt: string | null = null;
    const { fetchMock, user } = renderOrder({
      'GET /api/pedido/5': () => aPedido({ totalTickets: 1, whatsappEnviadoEn: sentAt }),
      'GET /api/enlaces': PUBLIC,
      'GET /api/eventos/1/envios': progress(),
      'POST /api/pedidos/5/whatsapp-enviado': () => {
        sentAt = '2030-06-02T08:30:00.000Z';
        return aPedido({ whatsappEnviadoEn: sentAt });
      },
    });
    await user.click(await orderWhatsapp());
    await waitFor(() =>
      expect(requestedUrls(fetchMock, 'POST /api/pedidos/5/whatsapp-enviado')).toHaveLength(1),
    );
    expect(await screen.findByText('Enviado por WhatsApp el 02/06/2030 10:30')).toBeInTheDocument();
  });

  it('records the send of the only ticket of an order, not one ticket of several', async () => {
    const { fetchMock, user } = renderOrder({
      'GET /api/pedido/5': aPedido({ totalTickets: 2 }),
      'GET /api/tickets/5': [aTicket(), aTicket({ id: 2, enlaceInvitado: '/t/enlace-dos' })],
      'GET /api/tickets/2/rechazos': [],
      'GET /api/tickets/2/recargas': [],
      'GET /api/enlaces': PUBLIC,
      'GET /api/eventos/1/envios': progress(),
      'POST /api/pedidos/5/whatsapp-enviado': aPedido({ whatsappEnviadoEn: '2030-06-02T08:30:00.000Z' }),
    });
    await user.click(await screen.findByRole('link', { name: 'Enviar el ticket #2 por WhatsApp' }));
    // Then the whole order's: only that one is recorded.
    await user.click(await orderWhatsapp());
    await waitFor(() =>
      expect(requestedUrls(fetchMock, 'POST /api/pedidos/5/whatsapp-enviado')).toHaveLength(1),
    );
    expect(requestedUrls(fetchMock, 'POST /api/pedidos/5/whatsapp-enviado')).toHaveLength(1);
  });

  it('disables Enviar por email, with the bulk dialog’s reason, when email is not configured', async () => {
    const { fetchMock, user } = renderOrder({
      'GET /api/enlaces': PUBLIC,
      'GET /api/eventos/1/envios': progress({ configurado: false, enlaces: null }),
    });
    const card = await screen.findByRole('region', { name: 'Envío por email' });
    const button = within(card).getByRole('button', { name: 'Enviar por email' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(within(card).getByRole('alert')).toHaveTextContent(NOT_CONFIGURED);
    expect(button).toHaveAccessibleDescription(NOT_CONFIGURED);
    await user.click(button);
    expect(requestedUrls(fetchMock, 'POST /api/pedidos/5/enviar')).toHaveLength(0);
  });
});

describe('the bulk email dialog', () => {
  it('warns when the emails’ links point at this computer, and only then', async () => {
    for (const [enlaces, warns] of [
      [{ base: 'http://localhost:3000', local: true }, true],
      [PUBLIC, false],
    ] as const) {
      serveApi({
        'GET /api/auth/me': { user: organizer },
        'GET /api/eventos/1/envios': progress({ enlaces }),
      });
      signIn(organizer);
      const { user } = renderRoutes([{ path: '/', element: <BulkEmailDialog eventoId={1} /> }], '/');
      await user.click(screen.getByRole('button', { name: 'Enviar tickets por email' }));
      const dialog = await screen.findByRole('dialog', { name: 'Enviar tickets por email' });
      await within(dialog).findByText(/0 de 1 pedidos enviados/);
      expect(within(dialog).queryByText(WARNING) !== null, enlaces.base).toBe(warns);
      cleanup();
    }
  });
});

describe('the WhatsApp sending list', () => {
  const festival: EventoDetail = {
    ...anEvent({ id: 1, nombre: 'Festival' }),
    contadores: { tiposTicket: 1, pedidosActivos: 1, ticketsEscaneados: 0 },
  };
  const item: WhatsappSendItem = {
    pedidoId: 5,
    nombreCompleto: 'Ana García',
    telefonoWhatsapp: '34600000001',
    whatsappEnviadoEn: null,
    tickets: [{ id: 1, enlaceInvitado: '/t/enlace-uno' }],
  };

  it('warns on a local base, not on a real host, and puts the base in each message', async () => {
    for (const linkBase of [LOCAL, PUBLIC]) {
      serveApi({
        'GET /api/auth/me': { user: organizer },
        'GET /api/evento/1': festival,
        'GET /api/eventos/1/envios-whatsapp': [item],
        'GET /api/enlaces': linkBase,
      });
      signIn(organizer);
      renderRoutes(
        [{ path: '/organizer/evento/:id/whatsapp', element: <WhatsappSendingPage /> }],
        '/organizer/evento/1/whatsapp',
      );
      const send = await screen.findByRole('link', { name: 'Enviar por WhatsApp a Ana García' });
      expect(messageOf(send)).toContain(`${linkBase.base}/t/enlace-uno`);
      expect(screen.getByText('0 de 1 enviado')).toBeInTheDocument();
      expect(screen.queryByText(WARNING) !== null, linkBase.base).toBe(linkBase.local);
      cleanup();
    }
  });
});
