import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVED_AT_HEADER } from '@/features/guest-ticket/api/get-guest-ticket';
import { startGuestTicketPage } from '@/features/guest-ticket/guest-ticket-page';
import type { GuestTicket } from '@/features/guest-ticket/types';
import { guestTicketFixture } from './fixtures';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  document.body.replaceChildren();
});

function start(fetcher: typeof fetch, token = 'TokenDePrueba0123456789') {
  const root = document.createElement('main');
  document.body.append(root);
  stop = startGuestTicketPage(root, token, { fetcher, now: () => new Date('2026-07-04T20:00:00.000Z') });
  return root;
}

const drinksLeft = () => screen.getByRole('region', { name: 'Bebidas restantes' });

describe('the guest ticket page', () => {
  it('shows the event, the QR, the drinks left and the details', async () => {
    const fetcher = vi.fn<typeof fetch>(async () => json(guestTicketFixture()));
    start(fetcher);

    expect(await screen.findByRole('heading', { level: 1, name: 'Boda de Ana y Luis' })).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledWith('/api/t/TokenDePrueba0123456789', expect.anything());
    expect(drinksLeft()).toHaveTextContent('3 de 4');
    expect(screen.getByRole('img', { name: 'Código QR del ticket' })).toBeInTheDocument();
    expect(screen.getByText('04/07/2026 20:30')).toBeInTheDocument();
    expect(screen.getByText('Lucía Fernández')).toBeInTheDocument();
    expect(screen.getByText('4 bebidas')).toBeInTheDocument();
    expect(screen.queryByText(/Sin conexión/)).not.toBeInTheDocument();
    expect(document.title).toBe('Mi ticket — Boda de Ana y Luis');
  });

  it('asks again when the page becomes visible and updates the count in place', async () => {
    const answers: GuestTicket[] = [
      guestTicketFixture(),
      guestTicketFixture({ bebidasConsumidas: 2, bebidasRestantes: 2 }),
    ];
    const fetcher = vi.fn<typeof fetch>(async () => json(answers.shift() ?? guestTicketFixture()));
    start(fetcher);
    await waitFor(() => expect(drinksLeft()).toHaveTextContent('3 de 4'));
    const qr = screen.getByRole('img', { name: 'Código QR del ticket' });

    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(drinksLeft()).toHaveTextContent('2 de 4'));
    // Same code: the QR is not drawn again.
    expect(screen.getByRole('img', { name: 'Código QR del ticket' })).toBe(qr);
  });

  it('asks every 30 seconds while visible', async () => {
    vi.useFakeTimers();
    try {
      const fetcher = vi.fn<typeof fetch>(async () => json(guestTicketFixture()));
      start(fetcher);
      await vi.advanceTimersByTimeAsync(0);
      expect(fetcher).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(fetcher).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when the ticket shown is the copy kept for no network', async () => {
    const fetcher = vi.fn<typeof fetch>(async () =>
      json(guestTicketFixture(), 200, { [SAVED_AT_HEADER]: '2026-07-04T19:42:00.000Z' }),
    );
    start(fetcher);
    expect(await screen.findByText('Sin conexión — datos de las 21:42')).toBeInTheDocument();
  });

  it('keeps the ticket on screen when a refresh fails, and says from when it is', async () => {
    const fetcher = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json(guestTicketFixture()))
      .mockRejectedValue(new TypeError('Failed to fetch'));
    start(fetcher);
    await waitFor(() => expect(drinksLeft()).toHaveTextContent('3 de 4'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await screen.findByText('Sin conexión — datos de las 22:00')).toBeInTheDocument();
    expect(drinksLeft()).toHaveTextContent('3 de 4');
  });

  it('shows no QR for an invalidated ticket', async () => {
    start(vi.fn<typeof fetch>(async () => json(guestTicketFixture({ estado: 'invalidado', qrCode: null }))));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ticket invalidado — pide ayuda al organizador',
    );
    expect(screen.queryByRole('img', { name: 'Código QR del ticket' })).not.toBeInTheDocument();
  });

  it("says 'Ticket no encontrado' for an unknown token or a URL without one", async () => {
    start(vi.fn<typeof fetch>(async () => json({ message: 'Ticket no encontrado' }, 404)));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ticket no encontrado' }),
    ).toBeInTheDocument();
    stop?.();
    document.body.replaceChildren();

    const fetcher = vi.fn<typeof fetch>();
    start(fetcher, '');
    expect(screen.getByRole('heading', { level: 1, name: 'Ticket no encontrado' })).toBeInTheDocument();
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('offers a retry when the first load fails', async () => {
    const fetcher = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(json(guestTicketFixture()));
    const root = start(fetcher);
    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    expect(within(root).getByRole('heading', { name: 'No se pudo cargar el ticket' })).toBeInTheDocument();
    retry.click();
    expect(await screen.findByRole('heading', { level: 1, name: 'Boda de Ana y Luis' })).toBeInTheDocument();
  });
});
