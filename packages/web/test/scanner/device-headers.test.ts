import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { consumeTicket } from '@/features/scanner/api/consume-ticket';
import { getScannerEvent } from '@/features/scanner/api/get-scanner-event';
import { getScannerTicket } from '@/features/scanner/api/get-scanner-ticket';
import { undoConsume } from '@/features/scanner/api/undo-consume';
import { deviceAccessOf } from '@/features/scanner/device/device-access';
import { tokenToSend } from '@/features/scanner/device/device-pairing-store';
import { forgetDeviceStates, noteDeviceState } from '@/features/scanner/device/device-report';
import { saveDevicePairing } from '@/features/scanner';
import { refreshOfflineData } from '@/features/scanner/offline/offline-data-store';
import { offlineRunner } from '@/features/scanner/offline/offline-runner';
import { enqueueScan } from '@/features/scanner/offline/scan-queue';
import { syncQueue } from '@/features/scanner/offline/sync-queue';
import {
  freshDevice,
  offlineDataWith,
  stubScannerApi,
  uploaded,
} from '../features/scanner/offline/offline-fixtures';
import { aPairedDevice, deviceRequired, deviceRevoked, headersOf, KEY } from './device-fixtures';

const queued = (scanId: string, apiKey = KEY) =>
  enqueueScan({
    apiKey,
    scanId,
    qrCode: `qr-${scanId}`,
    ticket: 'c'.repeat(64),
    tipoBebida: 'copa',
    barra: null,
    deviceId: 'dispositivo-1',
    escaneadoEn: new Date().toISOString(),
    titular: null,
  });

const ticket = {
  ticket: { id: 1, estado: 'activo', titular: 'Ana García', createdAt: '2030-06-01T10:00:00.000Z' },
};

/** Every scanner call the page makes, each answered OK. */
async function everyScannerCall() {
  const fetchMock = stubScannerApi({
    'GET /event': Response.json({ nombre: 'Boda', ubicacion: 'Sevilla', fechaInicio: '', fechaFin: '' }),
    'GET /ticket/qr-1': Response.json(ticket),
    'POST /consume': uploaded(),
    'POST /undo': Response.json({ undone: true, message: 'Consumo deshecho' }),
    'GET /offline': Response.json(await offlineDataWith([])),
  });
  await getScannerEvent(KEY);
  await getScannerTicket(KEY, 'qr-1');
  await consumeTicket(KEY, { qrCode: 'qr-1', scanId: 'online-1', deviceId: 'dispositivo-1' });
  await undoConsume(KEY, 'online-1', 'dispositivo-1');
  await refreshOfflineData(KEY);
  await queued('offline-1');
  await syncQueue();
  return fetchMock;
}

const settle = async () => {
  for (let turn = 0; turn < 50; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

beforeEach(async () => {
  await freshDevice();
  forgetDeviceStates();
});

describe('the device headers of scanner calls', () => {
  it('a paired device sends its token on every call: event, lookup, consume, undo, offline data and uploads', async () => {
    saveDevicePairing(KEY, aPairedDevice());
    const fetchMock = await everyScannerCall();

    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);
    expect(calls).toEqual([
      `GET /api/scanner/${KEY}/event`,
      `GET /api/scanner/${KEY}/ticket/qr-1`,
      `POST /api/scanner/${KEY}/consume`,
      `POST /api/scanner/${KEY}/undo`,
      `GET /api/scanner/${KEY}/offline`,
      `POST /api/scanner/${KEY}/consume`,
    ]);
    for (const headers of headersOf(fetchMock.mock.calls)) {
      expect(headers.get('X-Device-Token')).toBe('token-del-movil');
      expect(headers.get('X-Device-Id')).toBeTruthy();
    }
  });

  it('an unpaired device, or one paired for another event, sends no token', async () => {
    saveDevicePairing('otra-clave', aPairedDevice({ apiKey: 'otra-clave' }));
    const fetchMock = await everyScannerCall();
    for (const headers of headersOf(fetchMock.mock.calls)) expect(headers.has('X-Device-Token')).toBe(false);
  });

  it('reports the event’s queued drinks and its offline data’s date once the runner has read them', async () => {
    const generadoEn = new Date('2030-07-04T21:30:00.000Z');
    stubScannerApi({ 'GET /offline': Response.json(await offlineDataWith([], generadoEn)) });
    await refreshOfflineData(KEY);
    await queued('a');
    await queued('b');
    await queued('de-otro-evento', 'otra-clave');

    // Nothing known yet: nothing said.
    let fetchMock = stubScannerApi({ 'GET /event': Response.json({}) });
    await getScannerEvent(KEY);
    expect(headersOf(fetchMock.mock.calls)[0]!.has('X-Device-Pending')).toBe(false);
    expect(headersOf(fetchMock.mock.calls)[0]!.has('X-Device-Offline-Data')).toBe(false);

    fetchMock = stubScannerApi({ 'GET /event': Response.json({}) });
    const stop = offlineRunner(KEY).start();
    await settle();
    stop();
    fetchMock.mockClear();
    await getScannerEvent(KEY);
    const [headers] = headersOf(fetchMock.mock.calls);
    expect(headers!.get('X-Device-Pending')).toBe('2');
    expect(headers!.get('X-Device-Offline-Data')).toBe('2030-07-04T21:30:00.000Z');
  });

  it('says 0 queued drinks and no date when the device holds none', async () => {
    noteDeviceState(KEY, { pending: 0, offlineDataOf: null });
    const fetchMock = stubScannerApi({ 'GET /event': Response.json({}) });
    await getScannerEvent(KEY);
    const [headers] = headersOf(fetchMock.mock.calls);
    expect(headers!.get('X-Device-Pending')).toBe('0');
    expect(headers!.has('X-Device-Offline-Data')).toBe(false);
  });
});

describe('a scanner call the server refuses for the device', () => {
  it('device_required stops the scanner of that event only', async () => {
    stubScannerApi({ 'GET /event': deviceRequired() });
    await expect(getScannerEvent(KEY)).rejects.toMatchObject({ status: 401, code: 'device_required' });
    expect(deviceAccessOf(KEY)).toBe('required');
    expect(deviceAccessOf('otra-clave')).toBe('allowed');
  });

  it('device_required for a token the server does not know forgets that token', async () => {
    saveDevicePairing(KEY, aPairedDevice());
    stubScannerApi({ 'GET /event': deviceRequired() });
    await expect(getScannerEvent(KEY)).rejects.toMatchObject({ code: 'device_required' });
    expect(tokenToSend(KEY)).toBeNull();
    expect(deviceAccessOf(KEY)).toBe('required');
  });

  it('device_revoked on a scan marks the device revoked', async () => {
    saveDevicePairing(KEY, aPairedDevice());
    stubScannerApi({ 'POST /consume': deviceRevoked() });
    await expect(
      consumeTicket(KEY, { qrCode: 'qr-1', scanId: 's-1', deviceId: 'dispositivo-1' }),
    ).rejects.toMatchObject({ status: 401, message: 'Este dispositivo ha sido revocado.' });
    expect(deviceAccessOf(KEY)).toBe('revoked');
  });

  it('keeps queued drinks while the event asks for a paired device, and sends them once paired', async () => {
    await queued('servida-antes');
    let fetchMock = stubScannerApi({ 'POST /consume': deviceRequired() });
    expect(await syncQueue()).toEqual({ kind: 'stopped', sent: 0 });

    saveDevicePairing(KEY, aPairedDevice());
    fetchMock = stubScannerApi({ 'POST /consume': uploaded() });
    expect(await syncQueue()).toEqual({ kind: 'done', sent: 1 });
    expect(headersOf(fetchMock.mock.calls)[0]!.get('X-Device-Token')).toBe('token-del-movil');
  });
});
