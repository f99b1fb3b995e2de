import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceTokenFor } from '@/features/scanner';
import { OrganizerScannerPage } from '@/features/scanner/pages/organizer-scanner-page';
import { type ApiRoutes, created, failure, sentBodies, serveApi } from '../support/api-stub';
import { anEvent, anOrganizer } from '../support/entities';
import { renderRoutes, signIn } from '../support/render-app';
import { freshDevice } from '../features/scanner/offline/offline-fixtures';
import { aScanResult, QR } from '../features/scanner/scanner-fixtures';
import { aPairedDevice, headersOf } from './device-fixtures';

vi.setConfig({ testTimeout: 20_000 });

const festival = anEvent({ id: 2, nombre: 'Festival', apiKey: 'clave-festival' });
const OWN = 'POST /api/eventos/2/dispositivos/propio';
const CONSUME = 'POST /api/scanner/clave-festival/consume';

function renderPage(routes: Record<string, unknown>) {
  signIn(anOrganizer());
  localStorage.setItem('drinkflow-scanner-barra', 'Barra VIP');
  localStorage.setItem('scanner-selected-evento', '2');
  const fetchMock = serveApi({
    'GET /api/auth/me': { user: anOrganizer() },
    'GET /api/eventos/7': [festival],
    ...routes,
  } as ApiRoutes);
  const view = renderRoutes(
    [{ path: '/organizer/scanner', element: <OrganizerScannerPage /> }],
    '/organizer/scanner',
  );
  return { ...view, fetchMock };
}

const callsTo = (fetchMock: ReturnType<typeof serveApi>, route: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === route);

beforeEach(freshDevice);

describe('the organizer’s own scanner', () => {
  it('pairs once as the signed-in person’s device, and its scans carry that token', async () => {
    const { user, fetchMock } = renderPage({
      [OWN]: created(aPairedDevice({ token: 'token-de-olga', apiKey: 'clave-festival' })),
      [CONSUME]: aScanResult(),
    });

    await user.type(await screen.findByLabelText('Código QR'), `${QR}{Enter}`);
    expect(await screen.findByText('Consumo Registrado')).toBeInTheDocument();

    expect(sentBodies(fetchMock, OWN as never)).toEqual([{ nombre: 'Escáner de Olga' }]);
    expect(deviceTokenFor('clave-festival')).toBe('token-de-olga');
    expect(headersOf(callsTo(fetchMock, CONSUME))[0]!.get('X-Device-Token')).toBe('token-de-olga');
  });

  it('does not pair again when it already holds a token', async () => {
    const { fetchMock } = renderPage({
      [OWN]: created(aPairedDevice({ apiKey: 'clave-festival' })),
    });
    await screen.findByLabelText('Código QR');
    cleanup();
    const again = renderPage({ [OWN]: created(aPairedDevice({ apiKey: 'clave-festival' })) });
    await screen.findByLabelText('Código QR');
    expect(callsTo(fetchMock, OWN)).toHaveLength(1);
    expect(callsTo(again.fetchMock, OWN)).toHaveLength(0);
  });

  it('scans without a token when the server does not pair it', async () => {
    const { user, fetchMock } = renderPage({
      [OWN]: failure(403, { error: 'forbidden', message: 'No tienes permiso' }),
      [CONSUME]: aScanResult(),
    });
    await user.type(await screen.findByLabelText('Código QR'), `${QR}{Enter}`);
    expect(await screen.findByText('Consumo Registrado')).toBeInTheDocument();
    expect(headersOf(callsTo(fetchMock, CONSUME))[0]!.has('X-Device-Token')).toBe(false);
  });

  it('revoked: stops, and pairs again only when the person asks', async () => {
    let revoked = true;
    const { user, fetchMock } = renderPage({
      [OWN]: () =>
        created(aPairedDevice({ token: revoked ? 'token-1' : 'token-2', apiKey: 'clave-festival' })),
      [CONSUME]: () =>
        revoked
          ? failure(401, { error: 'device_revoked', message: 'Este dispositivo ha sido revocado.' })
          : aScanResult(),
    });
    await user.type(await screen.findByLabelText('Código QR'), `${QR}{Enter}`);
    expect(
      await screen.findByRole('heading', { name: 'Este dispositivo ha sido revocado.' }),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, OWN)).toHaveLength(1);

    revoked = false;
    await user.click(screen.getByRole('button', { name: 'Autorizar este dispositivo con mi cuenta' }));
    await user.type(await screen.findByLabelText('Código QR'), `${QR}{Enter}`);
    expect(await screen.findByText('Consumo Registrado')).toBeInTheDocument();
    expect(callsTo(fetchMock, OWN)).toHaveLength(2);
    expect(deviceTokenFor('clave-festival')).toBe('token-2');
  });
});
