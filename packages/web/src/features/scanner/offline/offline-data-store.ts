import { scannerDownload } from '../api/scanner-client';
import { isDeviceRevoked } from '../device/device-pairing-store';
import { offlineDb, type StoredOfflineData } from './offline-db';
import { offlineChanged } from './offline-events';
import { asOfflineData } from './valid-offline-data';

/**
 * The event's offline data on this device (docs/rules/offline-and-field.md): downloaded when the scanner opens and
 * refreshed in the background; a failed or invalid download keeps the last good copy.
 */

/** A big event's data (thousands of tickets) on a venue's slow link. */
const DOWNLOAD_TIMEOUT_MS = 30_000;

/** The copy in memory, so an offline scan does not read the whole data from IndexedDB each time. */
const cache = new Map<string, StoredOfflineData>();

/** The stored offline data of `apiKey`, or null when this device never got it (or has no IndexedDB). */
export async function storedOfflineData(apiKey: string): Promise<StoredOfflineData | null> {
  const cached = cache.get(apiKey);
  if (cached) return cached;
  try {
    const stored = await (await offlineDb()).get('datos', apiKey);
    if (stored) cache.set(apiKey, stored);
    return stored ?? null;
  } catch {
    return null;
  }
}

/**
 * Downloads GET /api/scanner/{apiKey}/offline and stores it when it is valid data; a refresh the
 * server answers 304 (its ETag unchanged, docs/decisions/051) keeps the stored data, now known to
 * hold what the server had when asked. It also forgets the drinks this device served before the
 * download was asked: the data holds them. Returns whether a copy was stored.
 */
export async function refreshOfflineData(apiKey: string): Promise<boolean> {
  const pedidoEn = Date.now();
  const current = await storedOfflineData(apiKey);
  let data;
  let etag;
  try {
    const answer = await scannerDownload(apiKey, '/offline', current?.etag, {
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
    });
    data = answer.unchanged ? current?.data : asOfflineData(answer.body);
    etag = answer.unchanged ? current?.etag : (answer.etag ?? undefined);
  } catch {
    return false;
  }
  // Revoked while the download was on its way: the device keeps no data of that event.
  if (!data || isDeviceRevoked(apiKey)) return false;
  const stored: StoredOfflineData = { apiKey, data, pedidoEn, ...(etag ? { etag } : {}) };
  try {
    const db = await offlineDb();
    const tx = db.transaction(['datos', 'recientes'], 'readwrite');
    const current = await tx.objectStore('datos').get(apiKey);
    // Another tab stored a copy asked for later than this one: keep it.
    if (current && current.pedidoEn > pedidoEn) {
      await tx.done;
      cache.set(apiKey, current);
      return false;
    }
    await tx.objectStore('datos').put(stored);
    let cursor = await tx.objectStore('recientes').index('apiKey').openCursor(apiKey);
    while (cursor) {
      if (cursor.value.registradoEn < pedidoEn) await cursor.delete();
      cursor = await cursor.continue();
    }
    await tx.done;
  } catch {
    // No IndexedDB (or it is full): the copy in memory still serves this page.
  }
  cache.set(apiKey, stored);
  offlineChanged();
  return true;
}

/**
 * Deletes the event's offline data from this device (a revoked device, docs/rules/devices.md): the
 * tickets' hashes, sealed names and types, and the drinks it served that the data did not hold. The
 * queue of drinks waiting to be sent stays: they were served and the server must have them.
 */
export async function forgetOfflineData(apiKey: string): Promise<void> {
  cache.delete(apiKey);
  try {
    const db = await offlineDb();
    const tx = db.transaction(['datos', 'recientes'], 'readwrite');
    await tx.objectStore('datos').delete(apiKey);
    let cursor = await tx.objectStore('recientes').index('apiKey').openCursor(apiKey);
    while (cursor) {
      await cursor.delete();
      cursor = await cursor.continue();
    }
    await tx.done;
  } catch {
    // No IndexedDB: the copy in memory was all there was.
  }
  offlineChanged();
}

/** Forgets the copies in memory (tests; another tab's newer copy is read again). */
export function forgetCachedOfflineData(): void {
  cache.clear();
}
