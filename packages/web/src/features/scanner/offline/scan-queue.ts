import { offlineDb, type FailedScan, type QueuedScan } from './offline-db';
import { offlineChanged } from './offline-events';

/**
 * The scans decided offline, waiting for the server (docs/rules/offline-and-field.md), oldest first: drinks served,
 * and refusals for the scan log (docs/decisions/067). An entry holds the code the device read, so
 * it is deleted as soon as the server has it (or refused it for good).
 */

/** Adds a scan decided offline. Rejects when it could not be kept: then a drink must not be served. */
export async function enqueueScan(entry: Omit<QueuedScan, 'orden'>): Promise<void> {
  await (await offlineDb()).add('cola', entry as QueuedScan);
  offlineChanged();
}

/** Every queued scan of this device, oldest first; none where IndexedDB is missing. */
export async function queuedScans(): Promise<QueuedScan[]> {
  try {
    return await (await offlineDb()).getAll('cola');
  } catch {
    return [];
  }
}

/** The oldest queued scan, or null. */
export async function oldestQueuedScan(): Promise<QueuedScan | null> {
  const cursor = await (await offlineDb()).transaction('cola').store.openCursor();
  return cursor?.value ?? null;
}

/** Whether a scan of this code waits to be sent (to send it before a new scan of the same ticket). */
export async function isQueued(qrCode: string): Promise<boolean> {
  return (await queuedScans()).some((entry) => entry.qrCode === qrCode);
}

/**
 * Takes back a drink served offline that has not been sent: its entry is removed, the server never
 * hears of it. Returns false when it is not in the queue (never queued, or already sent: then the
 * server's undo applies).
 */
export async function undoOfflineScan(scanId: string): Promise<boolean> {
  try {
    const db = await offlineDb();
    const tx = db.transaction('cola', 'readwrite');
    const key = await tx.store.index('scanId').getKey(scanId);
    if (key !== undefined) await tx.store.delete(key);
    await tx.done;
    if (key === undefined) return false;
  } catch {
    return false;
  }
  offlineChanged();
  return true;
}

/**
 * The server stored the drink: its entry goes, and the drink counts as recent until new data holds
 * it. Returns false when the entry had gone meanwhile (undone while it was being sent).
 */
export async function acknowledgeScan(entry: QueuedScan): Promise<boolean> {
  const db = await offlineDb();
  const tx = db.transaction(['cola', 'recientes'], 'readwrite');
  if (!(await tx.objectStore('cola').getKey(entry.orden!))) {
    await tx.done;
    return false;
  }
  await tx.objectStore('cola').delete(entry.orden!);
  await tx.objectStore('recientes').put({
    scanId: entry.scanId,
    apiKey: entry.apiKey,
    ticket: entry.ticket,
    tipoBebida: entry.tipoBebida,
    timestamp: entry.escaneadoEn,
    barra: entry.barra,
    registradoEn: Date.now(),
  });
  await tx.done;
  offlineChanged();
  return true;
}

/**
 * A queued refusal the server logged, or refused for good: its entry goes and nothing stays, as
 * nothing was served (docs/decisions/067).
 */
export async function removeQueuedRefusal(entry: QueuedScan): Promise<void> {
  await (await offlineDb()).delete('cola', entry.orden!);
  offlineChanged();
}

/** The server refused the drink for good: its entry goes, and a record (no code) stays for the bartender. */
export async function dropFailedScan(entry: QueuedScan, status: number, message: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(['cola', 'fallidos'], 'readwrite');
  await tx.objectStore('cola').delete(entry.orden!);
  const failed: FailedScan = {
    apiKey: entry.apiKey,
    scanId: entry.scanId,
    escaneadoEn: entry.escaneadoEn,
    tipoBebida: entry.tipoBebida,
    barra: entry.barra,
    titular: entry.titular,
    status,
    message,
  };
  await tx.objectStore('fallidos').add(failed);
  await tx.done;
  offlineChanged();
}

/** The drinks the server refused for good, oldest first. */
export async function failedScans(): Promise<FailedScan[]> {
  try {
    return await (await offlineDb()).getAll('fallidos');
  } catch {
    return [];
  }
}

/** The bartender has seen them. */
export async function clearFailedScans(): Promise<void> {
  try {
    await (await offlineDb()).clear('fallidos');
  } catch {
    return;
  }
  offlineChanged();
}
