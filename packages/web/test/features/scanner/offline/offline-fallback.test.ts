import 'fake-indexeddb/auto';
import { offlineTicketId } from '@drinkflow/domain/offline-data';
import { beforeEach, describe, expect, it } from 'vitest';
import { consumeTicket } from '@/features/scanner/api/consume-ticket';
import { ScannerApiError, ScannerNetworkError } from '@/features/scanner/api/scanner-client';
import { isOnline } from '@/features/scanner/offline/connectivity';
import { OfflineScanError } from '@/features/scanner/offline/offline-scan';
import { enqueueScan, queuedScans } from '@/features/scanner/offline/scan-queue';
import {
  deviceWithData,
  failure,
  freshDevice,
  hangs,
  KEY,
  MINUTE,
  posted,
  queue,
  scan,
  stubScannerApi,
  uploaded,
} from './offline-fixtures';

beforeEach(freshDevice);

describe('a consume without an answer from the server', () => {
  it('is decided on the device: served, marked offline, with the holder, and queued with its scan time', async () => {
    await deviceWithData();
    stubScannerApi({});
    const before = Date.now();
    const result = await consumeTicket(KEY, scan('qr-bono', { scanId: 'scan-bono' }));
    expect(result).toMatchObject({
      offline: true,
      success: true,
      message: 'Consumo registrado',
      reason: 'ok',
      remainingDrinks: 0,
      tipoBebida: 'copa',
      scanId: 'scan-bono',
      ticket: { titular: 'Ana García', estado: 'agotado' },
    });
    expect(result.consumos).toHaveLength(2);
    const [queued] = await queue();
    expect(queued).toMatchObject({
      scanId: 'scan-bono',
      qrCode: 'qr-bono',
      tipoBebida: 'copa',
      barra: 'Terraza',
    });
    expect(Date.parse(queued!.escaneadoEn)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(queued!.escaneadoEn)).toBeLessThanOrEqual(Date.now());
    expect(isOnline()).toBe(false);
  });

  it('is decided offline when the server takes too long, after one wait (no second try)', async () => {
    await deviceWithData();
    const fetchMock = stubScannerApi({ 'POST /consume': hangs });
    const result = await consumeTicket(KEY, scan('qr-una'));
    expect(result).toMatchObject({ offline: true, success: true, remainingDrinks: 0 });
    // Waited once (no second try after a timeout), then decided here.
    expect(posted(fetchMock, '/consume')).toHaveLength(1);
    expect(await queue()).toHaveLength(1);
  });

  it('is decided offline when a proxy says the server is unavailable (503)', async () => {
    await deviceWithData();
    stubScannerApi({ 'POST /consume': failure(503, 'Servicio no disponible') });
    expect(await consumeTicket(KEY, scan('qr-una'))).toMatchObject({ offline: true, success: true });
  });

  it('refuses offline what the rules refuse, counting this device’s queued drinks, and queues the refusals for the log', async () => {
    await deviceWithData();
    stubScannerApi({});
    expect(await consumeTicket(KEY, scan('qr-una'))).toMatchObject({ offline: true, success: true });
    // The same one-drink ticket again, still offline: its queued drink counts.
    expect(await consumeTicket(KEY, scan('qr-una'))).toMatchObject({
      offline: true,
      success: false,
      reason: 'agotado',
      message: 'Límite de bebidas alcanzado',
      ticket: { titular: 'Luis Pérez' },
    });
    expect(await consumeTicket(KEY, scan('qr-gastado'))).toMatchObject({ success: false, reason: 'agotado' });
    expect(await consumeTicket(KEY, scan('qr-invalidado'))).toMatchObject({
      success: false,
      reason: 'invalidado',
      message: 'Ticket invalidado',
    });
    // docs/decisions/067: each refusal waits for the scan log beside the drink, with its reason.
    expect((await queuedScans()).map(({ qrCode, rechazo }) => [qrCode, rechazo])).toEqual([
      ['qr-una', undefined],
      ['qr-una', 'agotado'],
      ['qr-gastado', 'agotado'],
      ['qr-invalidado', 'invalidado'],
    ]);
  });

  it('answers "Ticket no encontrado" offline for a code the data does not hold, and queues nothing', async () => {
    await deviceWithData();
    stubScannerApi({});
    const error = await consumeTicket(KEY, scan('qr-desconocido')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OfflineScanError);
    expect(error).toBeInstanceOf(ScannerApiError);
    expect(error).toMatchObject({ message: 'Ticket no encontrado', status: 404, offline: true });
    expect(await queue()).toEqual([]);
  });

  it('stays a network error when the device never got offline data', async () => {
    stubScannerApi({});
    await expect(consumeTicket(KEY, scan('qr-bono'))).rejects.toBeInstanceOf(ScannerNetworkError);
    expect(await queue()).toEqual([]);
  });

  it('counts a drink the server recorded online a moment before the network fell', async () => {
    await deviceWithData();
    stubScannerApi({
      'POST /consume': Response.json({
        success: true,
        canConsume: false,
        message: 'Consumo registrado',
        reason: 'ok',
        remainingDrinks: 0,
        tipoBebida: 'copa',
      }),
    });
    expect(await consumeTicket(KEY, scan('qr-una'))).toMatchObject({ success: true });
    expect(await queue()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 10));

    stubScannerApi({});
    expect(await consumeTicket(KEY, scan('qr-una'))).toMatchObject({
      offline: true,
      success: false,
      reason: 'agotado',
    });
  });
});

describe('a consume the server answers', () => {
  it('is the server’s answer: not offline, nothing queued', async () => {
    await deviceWithData();
    const answer = {
      success: false,
      canConsume: false,
      message: 'Límite de bebidas alcanzado',
      reason: 'agotado',
      tipoBebida: 'copa',
    };
    stubScannerApi({ 'POST /consume': Response.json(answer) });
    const result = await consumeTicket(KEY, scan('qr-bono'));
    expect(result).toEqual(answer);
    expect(await queue()).toEqual([]);
    expect(isOnline()).toBe(true);
  });

  it.each([
    [404, 'Ticket no encontrado'],
    [400, 'El código QR es obligatorio'],
    [429, 'Demasiados escaneos seguidos. Espera unos segundos e inténtalo de nuevo.'],
  ])('stays the server’s %i error: the server did answer', async (status, message) => {
    await deviceWithData();
    stubScannerApi({ 'POST /consume': failure(status, message) });
    const error = await consumeTicket(KEY, scan('qr-bono')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ScannerApiError);
    expect(error).not.toBeInstanceOf(OfflineScanError);
    expect(error).toMatchObject({ status, message });
    expect(await queue()).toEqual([]);
  });

  it('first sends the drinks of the same ticket served offline, so the server judges with them', async () => {
    await deviceWithData();
    await enqueueScan({
      apiKey: KEY,
      scanId: 'offline-1',
      qrCode: 'qr-bono',
      ticket: await offlineTicketId('qr-bono'),
      tipoBebida: 'copa',
      barra: null,
      deviceId: 'dispositivo-1',
      escaneadoEn: new Date(Date.now() - MINUTE).toISOString(),
      titular: 'Ana García',
    });
    const fetchMock = stubScannerApi({
      'POST /consume': (body) =>
        body.offline
          ? uploaded()
          : Response.json({
              success: false,
              canConsume: false,
              message: 'Límite de bebidas alcanzado',
              reason: 'agotado',
              tipoBebida: 'copa',
            }),
    });
    await consumeTicket(KEY, scan('qr-bono', { scanId: 'online-2' }));
    expect(posted(fetchMock, '/consume').map((body) => body.scanId)).toEqual(['offline-1', 'online-2']);
    expect(await queue()).toEqual([]);
  });
});
