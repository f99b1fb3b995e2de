import 'fake-indexeddb/auto';
import { offlineTicketId } from '@drinkflow/domain/offline-data';
import { beforeEach, describe, expect, it } from 'vitest';
import { consumeTicket } from '@/features/scanner/api/consume-ticket';
import type { QueuedScan } from '@/features/scanner/offline/offline-db';
import { enqueueScan, failedScans, queuedScans } from '@/features/scanner/offline/scan-queue';
import { syncQueue } from '@/features/scanner/offline/sync-queue';
import { deviceWithData, failure, freshDevice, KEY, posted, scan, stubScannerApi } from './offline-fixtures';

// docs/decisions/067: a refusal decided offline waits in the drinks' queue with its reason, is sent
// by the same round for the scan log, and never counts as a drink.

beforeEach(freshDevice);

const refusal = async (n: number): Promise<Omit<QueuedScan, 'orden'>> => ({
  apiKey: KEY,
  scanId: `rechazo-${n}`,
  qrCode: 'qr-una',
  ticket: await offlineTicketId('qr-una'),
  tipoBebida: 'copa',
  barra: 'Terraza',
  deviceId: 'dispositivo-1',
  escaneadoEn: new Date(Date.UTC(2030, 6, 4, 21, n)).toISOString(),
  titular: 'Luis Pérez',
  rechazo: 'agotado',
});

/** The server's answer to a logged refusal: a 200 that served nothing. */
const logged = () =>
  Response.json({
    success: false,
    canConsume: false,
    message: 'Rechazo sin conexión registrado: Límite de bebidas alcanzado',
    reason: 'agotado',
    tipoBebida: 'copa',
  });

describe('a refusal decided offline', () => {
  it('is queued with its reason, scan time, bar and holder, and shown as the refusal it is', async () => {
    await deviceWithData();
    stubScannerApi({});
    const before = Date.now();
    const result = await consumeTicket(
      KEY,
      scan('qr-gastado', { scanId: 'scan-gastado', barra: ' Terraza ' }),
    );
    expect(result).toMatchObject({ offline: true, success: false, reason: 'agotado' });

    const [queued] = await queuedScans();
    expect(queued).toMatchObject({
      scanId: 'scan-gastado',
      qrCode: 'qr-gastado',
      ticket: await offlineTicketId('qr-gastado'),
      barra: 'Terraza',
      deviceId: 'dispositivo-1',
      titular: 'Eva Ruiz',
      rechazo: 'agotado',
    });
    expect(Date.parse(queued!.escaneadoEn)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(queued!.escaneadoEn)).toBeLessThanOrEqual(Date.now());
  });

  it('is no drink: a one-drink ticket refused offline is still served its drink', async () => {
    await deviceWithData();
    await enqueueScan(await refusal(1));
    stubScannerApi({});
    expect(await consumeTicket(KEY, scan('qr-una'))).toMatchObject({ offline: true, success: true });
  });
});

describe('sending a queued refusal', () => {
  it('goes in order with the drinks, with `rechazo`, and leaves nothing behind once logged', async () => {
    await enqueueScan(await refusal(1));
    const fetchMock = stubScannerApi({ 'POST /consume': logged });
    expect(await syncQueue()).toEqual({ kind: 'done', sent: 1 });
    expect(posted(fetchMock, '/consume')).toEqual([
      {
        qrCode: 'qr-una',
        scanId: 'rechazo-1',
        tipoBebida: 'copa',
        barra: 'Terraza',
        deviceId: 'dispositivo-1',
        offline: true,
        escaneadoEn: '2030-07-04T21:01:00.000Z',
        rechazo: 'agotado',
      },
    ]);
    expect(await queuedScans()).toEqual([]);
    // A refusal the server answers `success: false` is no failed drink for the bartender.
    expect(await failedScans()).toEqual([]);
  });

  it('is dropped without a notice when the server refuses it for good (the ticket deleted: 404)', async () => {
    await enqueueScan(await refusal(1));
    stubScannerApi({ 'POST /consume': failure(404, 'Ticket no encontrado') });
    expect(await syncQueue()).toEqual({ kind: 'done', sent: 0 });
    expect(await queuedScans()).toEqual([]);
    expect(await failedScans()).toEqual([]);
  });

  it('waits for a later round when the server cannot take it now (503)', async () => {
    await enqueueScan(await refusal(1));
    stubScannerApi({ 'POST /consume': failure(503, 'Servicio no disponible') });
    expect(await syncQueue()).toMatchObject({ kind: 'stopped', sent: 0 });
    expect((await queuedScans()).map((entry) => entry.scanId)).toEqual(['rechazo-1']);
  });
});
