import type { BoardDevice } from '@drinkflow/domain/devices';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DevicesPage } from '@/features/devices/pages/devices-page';
import { failure } from '../support/api-stub';
import { anOrganizer } from '../support/entities';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { renderRoutes, signIn } from '../support/render-app';
import {
  aDevice,
  anEventDetail,
  aRecentDrink,
  type DeviceRoutes,
  organizerRoutes,
  sentToDeviceRoute,
  serveDeviceApi,
} from './devices-api';

// docs/rules/devices.md: the board, 'En línea' within ONLINE_MINUTES (2) of the last contact.

inMadridTimeZone();

const NOW = Date.parse('2030-07-04T21:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

function renderBoard(devices: BoardDevice[], routes: DeviceRoutes = {}, miRol = 'supervisor' as const) {
  signIn(anOrganizer());
  const fetchMock = serveDeviceApi({
    ...organizerRoutes(anEventDetail({ miRol })),
    'GET /api/eventos/1/dispositivos': devices,
    'GET /api/eventos/1/consumos/recientes': [],
    ...routes,
  });
  const rendered = renderRoutes(
    [{ path: '/organizer/evento/:id/dispositivos', element: <DevicesPage /> }],
    '/organizer/evento/1/dispositivos',
  );
  return { ...rendered, fetchMock };
}

const card = async (name: string) => within(await screen.findByRole('listitem', { name }));

// A page with its QR library and dialogs takes seconds to render on a busy 2-core machine.
describe('device board', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('shows a device online only while its last contact is under 2 minutes old', async () => {
    renderBoard([
      aDevice({ id: 1, nombre: 'Móvil VIP', ultimoContacto: minutesAgo(1.5), consumos10min: 4 }),
      aDevice({ id: 2, nombre: 'Móvil Pista', ultimoContacto: minutesAgo(2) }),
      aDevice({ id: 3, nombre: 'Móvil nuevo', ultimoContacto: null }),
    ]);
    const vip = await card('Móvil VIP');
    expect(vip.getByText('En línea')).toBeInTheDocument();
    expect((await card('Móvil Pista')).getByText('Sin conexión')).toBeInTheDocument();
    expect((await card('Móvil nuevo')).getByText('Sin conexión')).toBeInTheDocument();
    expect((await card('Móvil nuevo')).getByText('Nunca')).toBeInTheDocument();
    expect(screen.getByTestId('devices-online')).toHaveTextContent('1 en línea de 3 activos');

    // Between two answers the clock alone moves it: a phone that stopped calling goes offline.
    act(() => vi.setSystemTime(NOW + 31_000));
    await waitFor(() => expect(vip.getByText('Sin conexión')).toBeInTheDocument());
  });

  it('shows each device’s kind, bar, person, last contact, pending drinks, offline data and drinks', async () => {
    renderBoard([
      aDevice({
        id: 1,
        nombre: 'Móvil VIP',
        usuario: { id: 3, nombre: 'Marta Gil' },
        ultimoContacto: minutesAgo(1),
        pendientes: 3,
        datosOfflineDe: minutesAgo(45),
        consumos10min: 4,
      }),
      aDevice({ id: 2, nombre: 'Navegador 7f3a', tipo: 'enlace', barra: null, pendientes: 0 }),
    ]);
    const vip = await card('Móvil VIP');
    expect(vip.getByText('Autorizado')).toBeInTheDocument();
    expect(vip.getByText('VIP')).toBeInTheDocument();
    expect(vip.getByText('Marta Gil')).toBeInTheDocument();
    expect(vip.getByText(/04\/07\/2030 22:59/)).toBeInTheDocument();
    const pending = vip.getByText('Pendientes sin conexión').parentElement!;
    expect(pending).toHaveTextContent('3');
    expect(pending.className).toMatch(/amber/);
    expect(vip.getByText('hace 45 min')).toBeInTheDocument();
    expect(vip.getByText('Consumos (10 min)').parentElement).toHaveTextContent('4');

    const link = await card('Navegador 7f3a');
    expect(link.getByText('Enlace')).toBeInTheDocument();
    expect(link.getByText('Sin barra')).toBeInTheDocument();
    expect(link.getByText('Pendientes sin conexión').parentElement!.className).not.toMatch(/amber/);
    expect(link.getByText('Revocar un enlace es un bloqueo débil')).toBeInTheDocument();
  });

  it('says what revoking does, revokes only after the confirmation, and shows when it was revoked', async () => {
    let phone = aDevice({ id: 5, nombre: 'Móvil VIP', ultimoContacto: minutesAgo(1) });
    const { user, fetchMock } = renderBoard([], {
      'GET /api/eventos/1/dispositivos': () => [phone],
      'POST /api/eventos/1/dispositivos/5/revocar': () => (phone = { ...phone, revocadoEn: minutesAgo(0) }),
    });
    await user.click((await card('Móvil VIP')).getByRole('button', { name: 'Revocar Móvil VIP' }));
    let dialog = await screen.findByRole('alertdialog', { name: '¿Revocar «Móvil VIP»?' });
    expect(dialog).toHaveTextContent('dejará de escanear en su próxima llamada');
    expect(dialog).toHaveTextContent('Las demás barras siguen funcionando');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(sentToDeviceRoute(fetchMock, 'POST /api/eventos/1/dispositivos/5/revocar')).toHaveLength(0);

    await user.click((await card('Móvil VIP')).getByRole('button', { name: 'Revocar Móvil VIP' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revocar' }));
    expect(await (await card('Móvil VIP')).findByText('Revocado el 04/07/2030 23:00')).toBeInTheDocument();
    expect(sentToDeviceRoute(fetchMock, 'POST /api/eventos/1/dispositivos/5/revocar')).toHaveLength(1);
    expect((await card('Móvil VIP')).queryByRole('button', { name: /Revocar/ })).not.toBeInTheDocument();
  });

  it('warns that revoking a link scanner is a weak block', async () => {
    const { user } = renderBoard([aDevice({ id: 6, nombre: 'Navegador 7f3a', tipo: 'enlace' })]);
    await user.click((await card('Navegador 7f3a')).getByRole('button', { name: 'Revocar Navegador 7f3a' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Es un bloqueo débil');
    expect(dialog).toHaveTextContent('regenera la API Key o activa «Solo dispositivos autorizados»');
  });

  it('undoes a recent drink after its confirmation, and shows the server’s refusal', async () => {
    const { user, fetchMock } = renderBoard([], {
      'GET /api/eventos/1/consumos/recientes': [
        aRecentDrink({ id: 91, persona: { id: 3, nombre: 'Marta Gil' } }),
        aRecentDrink({ id: 92, titular: 'Pablo Ruiz', timestamp: minutesAgo(29) }),
      ],
      'POST /api/eventos/1/consumos/91/deshacer': { undone: true, message: 'Consumo deshecho' },
      'POST /api/eventos/1/consumos/92/deshacer': failure(409, {
        error: 'conflict',
        message: 'Solo se pueden deshacer consumos de los últimos 30 minutos',
      }),
    });
    const drinks = within(await screen.findByRole('list', { name: 'Consumos recientes' }));
    expect(drinks.getByText(/VIP · Barra VIP 1 · Marta Gil/)).toBeInTheDocument();

    await user.click(drinks.getByRole('button', { name: 'Deshacer el consumo de Lucía Pérez (Copa)' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Deshacer este consumo?' });
    expect(dialog).toHaveTextContent('Se devolverá a Lucía Pérez la bebida (Copa)');
    await user.click(within(dialog).getByRole('button', { name: 'Deshacer' }));
    expect(await screen.findByText('Se ha devuelto la bebida a Lucía Pérez.')).toBeInTheDocument();
    expect(sentToDeviceRoute(fetchMock, 'POST /api/eventos/1/consumos/91/deshacer')).toHaveLength(1);

    await user.click(drinks.getByRole('button', { name: 'Deshacer el consumo de Pablo Ruiz (Copa)' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deshacer' }),
    );
    expect(
      await screen.findByText('Solo se pueden deshacer consumos de los últimos 30 minutos'),
    ).toBeInTheDocument();
  });

  it('asks the server again every 5 seconds', async () => {
    vi.useRealTimers();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    let calls = 0;
    renderBoard([], {
      'GET /api/eventos/1/dispositivos': () =>
        ++calls === 1 ? [] : [aDevice({ nombre: 'Móvil VIP', ultimoContacto: new Date().toISOString() })],
    });
    expect(await screen.findByText(/Aún no hay dispositivos/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await (await card('Móvil VIP')).findByText('En línea')).toBeInTheDocument();
  });
});
