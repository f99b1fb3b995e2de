import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeOfflineDb, type QueuedScan } from '@/features/scanner/offline/offline-db';
import {
  acknowledgeScan,
  clearFailedScans,
  dropFailedScan,
  enqueueScan,
  failedScans,
  isQueued,
  oldestQueuedScan,
  queuedScans,
  undoOfflineScan,
} from '@/features/scanner/offline/scan-queue';
import { localDrinks } from '@/features/scanner/offline/served-drinks';
import { freshDevice, KEY } from './offline-fixtures';

const entry = (n: number, patch: Partial<QueuedScan> = {}): Omit<QueuedScan, 'orden'> => ({
  apiKey: KEY,
  scanId: `scan-${n}`,
  qrCode: `qr-${n}`,
  ticket: 'a'.repeat(64),
  tipoBebida: 'copa',
  barra: 'Terraza',
  deviceId: 'dispositivo-1',
  escaneadoEn: new Date(Date.UTC(2030, 6, 4, 21, n)).toISOString(),
  titular: 'Ana García',
  ...patch,
});

beforeEach(freshDevice);

describe('the offline queue', () => {
  it('keeps the drinks in the order they were served, the oldest first', async () => {
    // Served in this order, whatever their clock says (a device's clock may be set back).
    for (const n of [3, 1, 2]) await enqueueScan(entry(n));
    expect((await queuedScans()).map((scan) => scan.scanId)).toEqual(['scan-3', 'scan-1', 'scan-2']);
    expect((await oldestQueuedScan())?.scanId).toBe('scan-3');
  });

  it('survives a reload: the entries are there when the database is opened again', async () => {
    await enqueueScan(entry(1));
    await enqueueScan(entry(2));
    await closeOfflineDb();
    const reopened = await queuedScans();
    expect(reopened.map(({ orden: _orden, ...scan }) => scan)).toEqual([entry(1), entry(2)]);
  });

  it('refuses a second entry with the same scanId (one drink per scan)', async () => {
    await enqueueScan(entry(1));
    await expect(enqueueScan(entry(1))).rejects.toThrow();
    expect(await queuedScans()).toHaveLength(1);
  });

  it('forgets an entry once the server has it, and counts it as this device’s recent drink, without its code', async () => {
    await enqueueScan(entry(1));
    await enqueueScan(entry(2));
    const [first] = await queuedScans();
    expect(await acknowledgeScan(first!)).toBe(true);
    expect((await queuedScans()).map((scan) => scan.scanId)).toEqual(['scan-2']);
    expect(await isQueued('qr-1')).toBe(false);
    expect(await isQueued('qr-2')).toBe(true);
    // Both still count for an offline decision: one queued, one sent but maybe not in the data yet.
    expect(await localDrinks(KEY)).toEqual(
      expect.arrayContaining([
        { ticket: 'a'.repeat(64), tipoBebida: 'copa', timestamp: entry(1).escaneadoEn, barra: 'Terraza' },
        { ticket: 'a'.repeat(64), tipoBebida: 'copa', timestamp: entry(2).escaneadoEn, barra: 'Terraza' },
      ]),
    );
    expect(await localDrinks('otra-clave')).toEqual([]);
    // Acknowledged twice (two rounds): the second finds nothing.
    expect(await acknowledgeScan(first!)).toBe(false);
  });

  it('drops an entry the server refused for good and keeps a record without the code', async () => {
    await enqueueScan(entry(1));
    const [first] = await queuedScans();
    await dropFailedScan(first!, 404, 'Ticket no encontrado');
    expect(await queuedScans()).toEqual([]);
    const [failed] = await failedScans();
    expect(failed).toMatchObject({
      scanId: 'scan-1',
      status: 404,
      message: 'Ticket no encontrado',
      titular: 'Ana García',
      escaneadoEn: entry(1).escaneadoEn,
    });
    expect(JSON.stringify(failed)).not.toContain('qr-1');
    await clearFailedScans();
    expect(await failedScans()).toEqual([]);
  });

  it('undoes a drink served offline that was not sent: it leaves the queue', async () => {
    await enqueueScan(entry(1));
    await enqueueScan(entry(2));
    expect(await undoOfflineScan('scan-1')).toBe(true);
    expect((await queuedScans()).map((scan) => scan.scanId)).toEqual(['scan-2']);
    expect(await undoOfflineScan('scan-1')).toBe(false);
    expect(await undoOfflineScan('nunca')).toBe(false);
  });
});
