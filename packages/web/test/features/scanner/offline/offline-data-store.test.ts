import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeOfflineDb } from '@/features/scanner/offline/offline-db';
import {
  forgetCachedOfflineData,
  refreshOfflineData,
  storedOfflineData,
} from '@/features/scanner/offline/offline-data-store';
import { onOfflineChange } from '@/features/scanner/offline/offline-events';
import { localDrinks, rememberServedDrink } from '@/features/scanner/offline/served-drinks';
import { failure, freshDevice, hangs, KEY, offlineDataWith, stubScannerApi } from './offline-fixtures';

beforeEach(freshDevice);

/** Reads it as a reloaded page would: from IndexedDB, not from memory. */
async function afterReload() {
  forgetCachedOfflineData();
  await closeOfflineDb();
  return storedOfflineData(KEY);
}

describe('the offline data on the device', () => {
  it('is downloaded, checked and stored per API key with the time it was asked for', async () => {
    const data = await offlineDataWith([{ qr: 'qr-uno' }]);
    const fetchMock = stubScannerApi({ 'GET /offline': Response.json(data) });
    let changes = 0;
    const stop = onOfflineChange(() => (changes += 1));
    const before = Date.now();
    expect(await refreshOfflineData(KEY)).toBe(true);
    stop();
    expect(fetchMock).toHaveBeenCalledWith(`/api/scanner/${KEY}/offline`, expect.anything());
    const stored = await afterReload();
    expect(stored?.data).toEqual(data);
    expect(stored?.pedidoEn).toBeGreaterThanOrEqual(before);
    expect(changes).toBe(1);
    expect(await storedOfflineData('otra-clave')).toBeNull();
  });

  it.each([
    ['no network', new TypeError('Failed to fetch')],
    ['a server error', failure(500, 'Error interno')],
    ['an unknown key', failure(404, 'API Key inválida o evento no encontrado')],
    ['an answer that is not offline data', Response.json({ evento: { nombre: 'x' } })],
    ['an answer that is not JSON', new Response('<html>', { status: 200 })],
  ])('keeps the last good copy after a refresh that fails with %s', async (_case, answer) => {
    const good = await offlineDataWith([{ qr: 'qr-uno' }]);
    stubScannerApi({ 'GET /offline': Response.json(good) });
    await refreshOfflineData(KEY);
    const first = await afterReload();

    stubScannerApi({ 'GET /offline': answer });
    expect(await refreshOfflineData(KEY)).toBe(false);
    expect(await storedOfflineData(KEY)).toEqual(first);
    expect(await afterReload()).toEqual(first);
  });

  it('serves the last copy while a refresh is still waiting for the server', async () => {
    const good = await offlineDataWith([{ qr: 'qr-uno' }]);
    stubScannerApi({ 'GET /offline': Response.json(good) });
    await refreshOfflineData(KEY);
    stubScannerApi({ 'GET /offline': hangs });
    void refreshOfflineData(KEY);
    // The download is still waiting: a scan meanwhile reads the last copy.
    expect((await storedOfflineData(KEY))?.data).toEqual(good);
  });

  it('forgets the drinks this device served before a download was asked: the new data holds them', async () => {
    stubScannerApi({ 'GET /offline': Response.json(await offlineDataWith([{ qr: 'qr-uno' }])) });
    await refreshOfflineData(KEY);
    await rememberServedDrink(KEY, { scanId: 's1', qrCode: 'qr-uno', tipoBebida: 'copa', barra: null });
    expect(await localDrinks(KEY)).toHaveLength(1);

    stubScannerApi({
      'GET /offline': Response.json(await offlineDataWith([{ qr: 'qr-uno', consumos: [new Date()] }])),
    });
    await new Promise((resolve) => setTimeout(resolve, 2));
    await refreshOfflineData(KEY);
    expect(await localDrinks(KEY)).toEqual([]);
  });

  it('asks for a refresh with the stored ETag and keeps its data on a 304 (docs/decisions/051)', async () => {
    const first = await offlineDataWith([{ qr: 'qr-uno' }]);
    const etagged = (data: unknown, etag: string) => Response.json(data, { headers: { etag } });
    stubScannerApi({ 'GET /offline': etagged(first, 'W/"uno"') });
    await refreshOfflineData(KEY);
    const before = await afterReload();
    expect(before?.etag).toBe('W/"uno"');

    const ifNoneMatch: (string | null)[] = [];
    const fetchMock = stubScannerApi({
      'GET /offline': (_body, init) => {
        ifNoneMatch.push(new Headers(init.headers).get('if-none-match'));
        return Promise.resolve(new Response(null, { status: 304, headers: { etag: 'W/"uno"' } }));
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect(await refreshOfflineData(KEY)).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(ifNoneMatch).toEqual(['W/"uno"']);
    const kept = await afterReload();
    expect(kept?.data).toEqual(first);
    expect(kept?.etag).toBe('W/"uno"');
    expect(kept!.pedidoEn).toBeGreaterThan(before!.pedidoEn);

    const changed = await offlineDataWith([{ qr: 'qr-uno', consumos: [new Date()] }]);
    stubScannerApi({ 'GET /offline': etagged(changed, 'W/"dos"') });
    expect(await refreshOfflineData(KEY)).toBe(true);
    const replaced = await afterReload();
    expect(replaced?.data).toEqual(changed);
    expect(replaced?.etag).toBe('W/"dos"');
  });

  it('keeps no served drink before any data was stored (there is nothing to correct)', async () => {
    await rememberServedDrink(KEY, { scanId: 's1', qrCode: 'qr-uno', tipoBebida: 'copa', barra: null });
    expect(await localDrinks(KEY)).toEqual([]);
  });
});
