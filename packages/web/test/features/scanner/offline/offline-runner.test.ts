import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineRunner } from '@/features/scanner/offline/offline-runner';
import { enqueueScan, queuedScans } from '@/features/scanner/offline/scan-queue';
import {
  failure,
  freshDevice,
  KEY,
  offlineDataWith,
  posted,
  stubScannerApi,
  uploaded,
} from './offline-fixtures';

const queueOne = () =>
  enqueueScan({
    apiKey: KEY,
    scanId: 'scan-1',
    qrCode: 'qr-1',
    ticket: 'c'.repeat(64),
    tipoBebida: 'copa',
    barra: null,
    deviceId: 'dispositivo-1',
    escaneadoEn: new Date().toISOString(),
    titular: null,
  });

let stop: () => void = () => {};

beforeEach(async () => {
  await freshDevice();
  // Only the timers: IndexedDB (fake-indexeddb) runs on setImmediate, which stays real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});

afterEach(() => {
  stop();
  vi.useRealTimers();
});

/** Lets the IndexedDB work and the requests started so far finish. */
const settle = async () => {
  for (let turn = 0; turn < 50; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('the offline runner', () => {
  it('sends the queue again later by itself after the server could not take it, then stops trying', async () => {
    await queueOne();
    let calls = 0;
    const data = Response.json(await offlineDataWith([]));
    const fetchMock = stubScannerApi({
      'GET /offline': data,
      'POST /consume': () => (++calls === 1 ? failure(503, 'Servicio no disponible') : uploaded()),
    });
    stop = offlineRunner(KEY).start();
    await settle();
    expect(calls).toBe(1);
    expect(await queuedScans()).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(5_000);
    await settle();
    expect(calls).toBe(2);
    expect(await queuedScans()).toEqual([]);

    await vi.advanceTimersByTimeAsync(120_000);
    await settle();
    expect(posted(fetchMock, '/consume')).toHaveLength(2);
  });

  it('waits as long as the server’s Retry-After says', async () => {
    await queueOne();
    let calls = 0;
    stubScannerApi({
      'GET /offline': Response.json(await offlineDataWith([])),
      'POST /consume': () =>
        ++calls === 1 ? failure(429, 'Demasiados escaneos seguidos.', { 'retry-after': '20' }) : uploaded(),
    });
    stop = offlineRunner(KEY).start();
    await settle();
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(19_000);
    await settle();
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();
    expect(calls).toBe(2);
    expect(await queuedScans()).toEqual([]);
  });

  it('refreshes the offline data every minute, and sends at once when the network comes back', async () => {
    const fetchMock = stubScannerApi({ 'GET /offline': Response.json(await offlineDataWith([])) });
    stop = offlineRunner(KEY).start();
    await settle();
    const downloads = () => fetchMock.mock.calls.filter(([url]) => url.endsWith('/offline')).length;
    expect(downloads()).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();
    expect(downloads()).toBe(2);

    await queueOne();
    stubScannerApi({ 'GET /offline': Response.json(await offlineDataWith([])), 'POST /consume': uploaded() });
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(await queuedScans()).toEqual([]);
  });
});
