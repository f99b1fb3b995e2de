import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { consumeTicket } from '@/features/scanner/api/consume-ticket';
import { getScannerEvent } from '@/features/scanner/api/get-scanner-event';
import { getScannerTicket } from '@/features/scanner/api/get-scanner-ticket';
import { ScannerNetworkError } from '@/features/scanner/api/scanner-client';
import { undoConsume } from '@/features/scanner/api/undo-consume';
import {
  deviceWithData,
  failure,
  freshDevice,
  KEY,
  posted,
  queue,
  scan,
  stubScannerApi,
} from './offline-fixtures';

beforeEach(freshDevice);

describe("advanced mode's 'Verificar Ticket' without the server", () => {
  it('shows the ticket from the offline data, marked offline, and queues nothing', async () => {
    await deviceWithData();
    stubScannerApi({});
    const ticket = await getScannerTicket(KEY, 'qr-bono');
    expect(ticket).toMatchObject({
      offline: true,
      ticket: { titular: 'Ana García', estado: 'activo' },
      evento: { nombre: 'Boda Ana y Luis' },
      verificacion: { success: true, reason: 'ok', message: 'Consumo permitido', remainingDrinks: 0 },
    });
    expect(await queue()).toEqual([]);
    await expect(getScannerTicket(KEY, 'qr-desconocido')).rejects.toMatchObject({
      message: 'Ticket no encontrado',
      status: 404,
      offline: true,
    });
  });

  it('is the server’s answer when there is one', async () => {
    await deviceWithData();
    const fetchMock = stubScannerApi({
      'GET /ticket/qr-bono': failure(403, 'Este ticket no pertenece a este evento'),
    });
    await expect(getScannerTicket(KEY, 'qr-bono')).rejects.toMatchObject({ status: 403 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the event banner without the server', () => {
  it('comes from the offline data, so the scanner opens offline', async () => {
    await deviceWithData();
    stubScannerApi({});
    expect(await getScannerEvent(KEY)).toMatchObject({
      nombre: 'Boda Ana y Luis',
      ubicacion: 'Sevilla',
      offline: true,
    });
  });

  it('stays the server’s 404 for an unknown key, and a network error without data', async () => {
    await deviceWithData();
    stubScannerApi({ 'GET /event': failure(404, 'API Key inválida o evento no encontrado') });
    await expect(getScannerEvent(KEY)).rejects.toMatchObject({ status: 404 });
    await freshDevice();
    stubScannerApi({});
    await expect(getScannerEvent(KEY)).rejects.toBeInstanceOf(ScannerNetworkError);
  });
});

describe('undoing a drink served offline', () => {
  it('takes it off the queue without asking the server', async () => {
    await deviceWithData();
    const fetchMock = stubScannerApi({});
    const result = await consumeTicket(KEY, scan('qr-una', { scanId: 'para-deshacer' }));
    expect(result.success).toBe(true);
    fetchMock.mockClear();
    expect(await undoConsume(KEY, 'para-deshacer', 'dispositivo-1')).toEqual({
      undone: true,
      message: 'Consumo deshecho',
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await queue()).toEqual([]);
    // The ticket's drink is free again.
    expect(await consumeTicket(KEY, scan('qr-una'))).toMatchObject({ offline: true, success: true });
  });

  it('asks the server for a drink it already has', async () => {
    const fetchMock = stubScannerApi({
      'POST /undo': Response.json({ undone: true, message: 'Consumo deshecho' }),
    });
    await undoConsume(KEY, 'enviado', 'dispositivo-1');
    expect(posted(fetchMock, '/undo')).toEqual([{ scanId: 'enviado', deviceId: 'dispositivo-1' }]);
  });
});
