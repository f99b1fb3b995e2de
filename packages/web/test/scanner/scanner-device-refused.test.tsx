import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveDevicePairing } from '@/features/scanner';
import { forgetRequiredAnswers } from '@/features/scanner/device/device-access';
import { tokenToSend } from '@/features/scanner/device/device-pairing-store';
import { storedOfflineData } from '@/features/scanner/offline/offline-data-store';
import { PublicScannerPage } from '@/features/scanner/pages/public-scanner-page';
import { failure } from '../support/api-stub';
import { freshDevice, offlineDataWith } from '../features/scanner/offline/offline-fixtures';
import { renderScanner, route, serveScanner } from '../features/scanner/scanner-fixtures';
import { aPairedDevice, headersOf, KEY } from './device-fixtures';

vi.setConfig({ testTimeout: 20_000 });

const required = () =>
  failure(401, { error: 'device_required', message: 'Este escáner necesita autorización del organizador.' });
const revoked = () =>
  failure(401, { error: 'device_revoked', message: 'Este dispositivo ha sido revocado.' });

beforeEach(async () => {
  await freshDevice();
  forgetRequiredAnswers();
});

describe('a scanner the server refuses for its device', () => {
  it('on an event that takes only paired devices, explains how to pair instead of scanning', async () => {
    serveScanner({ [route.event]: required });
    render(<PublicScannerPage apiKey={KEY} />);

    expect(
      await screen.findByRole('heading', { name: 'Este escáner necesita autorización del organizador.' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Pide al organizador un código de emparejamiento/)).toBeInTheDocument();
    expect(screen.getByLabelText('Código de emparejamiento')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Emparejar' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Código QR')).not.toBeInTheDocument();
  });

  it('revoked while scanning: stops, deletes the event’s offline data, and forgets its token once nothing waits', async () => {
    saveDevicePairing(KEY, aPairedDevice());
    const fetchMock = serveScanner({
      [`GET /api/scanner/${KEY}/offline`]: await offlineDataWith([{ qr: 'qr-uno' }]),
      [route.consume]: revoked,
    });
    const { user, input } = await renderScanner();
    await vi.waitFor(async () => expect(await storedOfflineData(KEY)).not.toBeNull(), { timeout: 5000 });

    await user.type(input, 'qr-uno{Enter}');

    expect(
      await screen.findByRole('heading', { name: 'Este dispositivo ha sido revocado.' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Código QR')).not.toBeInTheDocument();
    expect(await screen.findByText('No queda ningún consumo sin conexión por enviar.')).toBeInTheDocument();
    expect(await storedOfflineData(KEY)).toBeNull();
    expect(tokenToSend(KEY)).toBeNull();
    expect(screen.getByRole('link', { name: /Emparejar de nuevo/ })).toHaveAttribute('href', '/emparejar');
    // The scan that found out carried the token.
    const consume = fetchMock.mock.calls.findIndex(([url]) => url === `/api/scanner/${KEY}/consume`);
    expect(headersOf(fetchMock.mock.calls)[consume]!.get('X-Device-Token')).toBe('token-del-movil');
  });

  it('once revoked, the page opens stopped without scanning again', async () => {
    saveDevicePairing(KEY, aPairedDevice());
    serveScanner({ [route.consume]: revoked });
    const { user, input, view } = await renderScanner();
    await user.type(input, 'qr-uno{Enter}');
    await screen.findByRole('heading', { name: 'Este dispositivo ha sido revocado.' });
    view.unmount();

    serveScanner({});
    render(<PublicScannerPage apiKey={KEY} />);
    expect(screen.getByRole('heading', { name: 'Este dispositivo ha sido revocado.' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Código QR')).not.toBeInTheDocument();
  });
});
