import type { Pairing } from '@drinkflow/domain/devices';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PairingPanel } from '@/features/devices';
import { EventDetailPage } from '@/features/events/pages/event-detail-page';
import { renderRoutes, signIn } from '../support/render-app';
import { anOrganizer } from '../support/entities';
import { failure } from '../support/api-stub';
import { anEventDetail, organizerRoutes, sentToDeviceRoute, serveDeviceApi } from './devices-api';

// docs/rules/devices.md: a pairing code lasts PAIRING_MINUTES; the panel counts it down.

const MINUTE = 60_000;
const codes = ['ABCD2345', 'WXYZ6789'];

/** Each POST makes the next code, valid 10 minutes from the (frozen) clock, or `lateBy` more. */
function servePairing(lateBy = 0) {
  let made = 0;
  const answers: Pairing[] = [];
  const fetchMock = serveDeviceApi({
    'POST /api/eventos/1/dispositivos/emparejamientos': () => {
      const codigo = codes[made++ % codes.length]!;
      const caducaEn = new Date(Date.now() + 10 * MINUTE + lateBy).toISOString();
      answers.push({ codigo, url: `/emparejar/${codigo}`, caducaEn });
      return answers.at(-1)!;
    },
  });
  return { fetchMock, answers };
}

const renderPanel = () =>
  renderRoutes(
    [{ path: '/organizer/evento/:id', element: <PairingPanel eventId={1} /> }],
    '/organizer/evento/1',
  );

/** Freezes the clock at `at`; the panel's own one-second tick then shows that moment. */
const freezeClockAt = (at: number) =>
  act(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
  });

// A page with its QR library and dialogs takes seconds to render on a busy 2-core machine.
describe('pairing panel', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the code large in two groups, its QR and the time it has left, then "Código caducado"', async () => {
    const { answers } = servePairing();
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Crear código de emparejamiento' }));

    expect(await screen.findByTestId('pairing-code')).toHaveTextContent('ABCD2345');
    expect(await screen.findByRole('img', { name: 'Código QR para emparejar un móvil' })).toBeInTheDocument();
    const expires = Date.parse(answers[0]!.caducaEn);

    freezeClockAt(expires - (9 * MINUTE + 41_000));
    expect(await screen.findByText('Caduca en 9:41')).toBeInTheDocument();
    freezeClockAt(expires - 1_000);
    expect(await screen.findByText('Caduca en 0:01')).toBeInTheDocument();

    freezeClockAt(expires);
    expect(await screen.findByText('Código caducado')).toBeInTheDocument();
    expect(screen.queryByTestId('pairing-code')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Código QR/ })).not.toBeInTheDocument();
  });

  it('makes a fresh code from the expired one', async () => {
    const { fetchMock, answers } = servePairing();
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Crear código de emparejamiento' }));
    await screen.findByTestId('pairing-code');
    freezeClockAt(Date.parse(answers[0]!.caducaEn) + 5_000);
    await user.click(await screen.findByRole('button', { name: 'Crear un código nuevo' }));

    expect(await screen.findByTestId('pairing-code')).toHaveTextContent('WXYZ6789');
    expect(screen.getByText('Caduca en 10:00')).toBeInTheDocument();
    expect(sentToDeviceRoute(fetchMock, 'POST /api/eventos/1/dispositivos/emparejamientos')).toHaveLength(2);
  });

  it('never shows more than 10 minutes when this computer’s clock runs late', async () => {
    servePairing(50 * MINUTE);
    const { user } = renderPanel();
    freezeClockAt(Date.parse('2030-07-04T20:00:00.000Z'));
    await user.click(screen.getByRole('button', { name: 'Crear código de emparejamiento' }));
    expect(await screen.findByText('Caduca en 10:00')).toBeInTheDocument();
  });

  it('says why when no code could be made', async () => {
    serveDeviceApi({
      'POST /api/eventos/1/dispositivos/emparejamientos': failure(403, {
        error: 'forbidden',
        message: 'Tu rol en este evento no permite esta acción',
      }),
    });
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Crear código de emparejamiento' }));
    expect(await screen.findByText('Tu rol en este evento no permite esta acción')).toBeInTheDocument();
    expect(screen.queryByTestId('pairing-code')).not.toBeInTheDocument();
  });

  it('sits on the event’s page for a supervisor, with the way to the device board', async () => {
    signIn(anOrganizer());
    serveDeviceApi(organizerRoutes(anEventDetail({ miRol: 'supervisor' })));
    const { user, router } = renderRoutes(
      [
        { path: '/organizer/evento/:id', element: <EventDetailPage /> },
        { path: '/organizer/evento/:id/dispositivos', element: <h1>Tablero</h1> },
      ],
      '/organizer/evento/1',
    );
    expect(await screen.findByRole('heading', { name: 'Emparejar un dispositivo' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ver dispositivos' }));
    expect(router.state.location.pathname).toBe('/organizer/evento/1/dispositivos');
  });
});
