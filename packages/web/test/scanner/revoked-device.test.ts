import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { deviceAccessOf, reportDeviceRefusal } from '@/features/scanner/device/device-access';
import { tokenToSend } from '@/features/scanner/device/device-pairing-store';
import { retireRevokedDevice } from '@/features/scanner/device/retire-revoked-device';
import { saveDevicePairing } from '@/features/scanner';
import { offlineDb } from '@/features/scanner/offline/offline-db';
import {
  forgetCachedOfflineData,
  refreshOfflineData,
  storedOfflineData,
} from '@/features/scanner/offline/offline-data-store';
import { enqueueScan, failedScans, queuedScans } from '@/features/scanner/offline/scan-queue';
import { rememberServedDrink } from '@/features/scanner/offline/served-drinks';
import {
  freshDevice,
  offlineDataWith,
  posted,
  stubScannerApi,
  uploaded,
} from '../features/scanner/offline/offline-fixtures';
import { aPairedDevice, deviceRevoked, headersOf, KEY } from './device-fixtures';

const REVOKED_AT = Date.now() - 60_000;

const queued = (scanId: string, escaneadoEn: number, apiKey = KEY) =>
  enqueueScan({
    apiKey,
    scanId,
    qrCode: `qr-${scanId}`,
    ticket: 'c'.repeat(64),
    tipoBebida: 'copa',
    barra: 'Terraza',
    deviceId: 'dispositivo-1',
    escaneadoEn: new Date(escaneadoEn).toISOString(),
    titular: 'Ana García',
  });

/** A paired device holding tonight's offline data and a drink it served online. */
async function pairedDeviceWithData() {
  saveDevicePairing(KEY, aPairedDevice());
  stubScannerApi({
    'GET /offline': Response.json(await offlineDataWith([{ qr: 'qr-bono' }])),
    'POST /consume': uploaded(),
  });
  expect(await refreshOfflineData(KEY)).toBe(true);
  await rememberServedDrink(KEY, { scanId: 'online-1', qrCode: 'qr-bono', tipoBebida: 'copa', barra: null });
}

/** The server after the revocation: drinks served before it are taken, later ones refused. */
const serverAfterRevocation = () =>
  stubScannerApi({
    'POST /consume': (body) =>
      Date.parse(String(body.escaneadoEn)) < REVOKED_AT ? uploaded() : deviceRevoked(),
    'GET /offline': deviceRevoked(),
  });

beforeEach(freshDevice);

describe('a revoked device', () => {
  it('deletes the event’s offline data, sends the drinks it served before the revocation with its old token, then forgets the token', async () => {
    await pairedDeviceWithData();
    await queued('antes', REVOKED_AT - 5 * 60_000);
    await queued('despues', REVOKED_AT + 10_000);
    await queued('de-otro-evento', REVOKED_AT - 60_000, 'otra-clave');
    reportDeviceRefusal(KEY, 'device_revoked');
    const fetchMock = serverAfterRevocation();

    expect(await retireRevokedDevice(KEY)).toBe(true);

    // The offline data is gone, from memory and from IndexedDB, with the drinks it did not hold.
    expect(await storedOfflineData(KEY)).toBeNull();
    forgetCachedOfflineData();
    expect(await storedOfflineData(KEY)).toBeNull();
    expect(await (await offlineDb()).getAll('recientes')).toEqual([]);

    // Every queued drink went to the server, the event's with the revoked device's token.
    const uploads = fetchMock.mock.calls.filter(([url]) => url === `/api/scanner/${KEY}/consume`);
    expect(uploads.map(([, init]) => JSON.parse(String(init?.body)).scanId)).toEqual(['antes', 'despues']);
    for (const headers of headersOf(uploads)) expect(headers.get('X-Device-Token')).toBe('token-del-movil');
    // Another event's drink is none of this; here its server is out of reach, and it waits.
    expect((await queuedScans()).map(({ scanId }) => scanId)).toEqual(['de-otro-evento']);

    // The one served after the revocation is shown as refused; the token is gone, the scanner stays stopped.
    expect((await failedScans()).map(({ scanId, status }) => ({ scanId, status }))).toEqual([
      { scanId: 'despues', status: 401 },
    ]);
    expect(tokenToSend(KEY)).toBeNull();
    expect(deviceAccessOf(KEY)).toBe('revoked');
  });

  it('without network: the data goes at once, the token stays until its queue is sent', async () => {
    await pairedDeviceWithData();
    await queued('antes', REVOKED_AT - 5 * 60_000);
    reportDeviceRefusal(KEY, 'device_revoked');
    stubScannerApi({});

    expect(await retireRevokedDevice(KEY)).toBe(false);
    expect(await storedOfflineData(KEY)).toBeNull();
    expect(await queuedScans()).toHaveLength(1);
    expect(tokenToSend(KEY)).toBe('token-del-movil');

    const fetchMock = serverAfterRevocation();
    expect(await retireRevokedDevice(KEY)).toBe(true);
    expect(posted(fetchMock, '/consume').map((body) => body.scanId)).toEqual(['antes']);
    expect(await queuedScans()).toEqual([]);
    expect(await failedScans()).toEqual([]);
    expect(tokenToSend(KEY)).toBeNull();
  });

  it('leaves alone a pairing made while it was sending its queue', async () => {
    await pairedDeviceWithData();
    await queued('antes', REVOKED_AT - 5 * 60_000);
    reportDeviceRefusal(KEY, 'device_revoked');
    stubScannerApi({
      'POST /consume': () => {
        saveDevicePairing(KEY, aPairedDevice({ token: 'token-nuevo' }));
        return uploaded();
      },
    });

    expect(await retireRevokedDevice(KEY)).toBe(true);
    expect(tokenToSend(KEY)).toBe('token-nuevo');
    expect(deviceAccessOf(KEY)).toBe('allowed');
  });

  it('keeps no offline data a download brings after the revocation', async () => {
    saveDevicePairing(KEY, aPairedDevice());
    reportDeviceRefusal(KEY, 'device_revoked');
    stubScannerApi({ 'GET /offline': Response.json(await offlineDataWith([{ qr: 'qr-bono' }])) });
    expect(await refreshOfflineData(KEY)).toBe(false);
    expect(await storedOfflineData(KEY)).toBeNull();
  });
});
