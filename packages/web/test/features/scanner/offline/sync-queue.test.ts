import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueuedScan } from '@/features/scanner/offline/offline-db';
import {
  enqueueScan,
  failedScans,
  queuedScans,
  undoOfflineScan,
} from '@/features/scanner/offline/scan-queue';
import { syncQueue } from '@/features/scanner/offline/sync-queue';
import { failure, freshDevice, KEY, posted, stubScannerApi, uploaded } from './offline-fixtures';

const escaneadoEn = (n: number) => new Date(Date.UTC(2030, 6, 4, 21, n, 7, 250)).toISOString();

const entry = (n: number): Omit<QueuedScan, 'orden'> => ({
  apiKey: KEY,
  scanId: `scan-${n}`,
  qrCode: `qr-${n}`,
  ticket: 'b'.repeat(64),
  tipoBebida: 'copa',
  barra: n === 2 ? null : 'Terraza',
  deviceId: 'dispositivo-1',
  escaneadoEn: escaneadoEn(n),
  titular: `Invitado ${n}`,
});

const queued = async () => (await queuedScans()).map((scan) => scan.scanId);

beforeEach(async () => {
  await freshDevice();
  for (const n of [1, 2, 3]) await enqueueScan(entry(n));
});

describe('sending the drinks served offline', () => {
  it('sends them oldest first, one at a time, with their scanId and scan time, and empties the queue', async () => {
    let inFlight = 0;
    let most = 0;
    const fetchMock = stubScannerApi({
      'POST /consume': async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        return uploaded();
      },
    });
    expect(await syncQueue()).toEqual({ kind: 'done', sent: 3 });
    expect(most).toBe(1);
    expect(posted(fetchMock, '/consume')).toEqual([
      {
        qrCode: 'qr-1',
        scanId: 'scan-1',
        tipoBebida: 'copa',
        barra: 'Terraza',
        deviceId: 'dispositivo-1',
        offline: true,
        escaneadoEn: escaneadoEn(1),
      },
      // No bar given: the field is left out, not sent as null.
      {
        qrCode: 'qr-2',
        scanId: 'scan-2',
        tipoBebida: 'copa',
        deviceId: 'dispositivo-1',
        offline: true,
        escaneadoEn: escaneadoEn(2),
      },
      expect.objectContaining({ scanId: 'scan-3', escaneadoEn: escaneadoEn(3) }),
    ]);
    expect(await queued()).toEqual([]);
    expect(await failedScans()).toEqual([]);
  });

  it('removes an entry the server stored as a conflict, like any stored drink', async () => {
    stubScannerApi({ 'POST /consume': (body) => uploaded(body.scanId === 'scan-2') });
    expect(await syncQueue()).toEqual({ kind: 'done', sent: 3 });
    expect(await queued()).toEqual([]);
    expect(await failedScans()).toEqual([]);
  });

  it('sends an entry again with the same scanId when its answer was lost, and the server stores it once', async () => {
    const stored = new Map<string, number>();
    let loseNext = true;
    const fetchMock = stubScannerApi({
      'POST /consume': (body) => {
        const scanId = String(body.scanId);
        // The server's idempotence: a repeated scanId records nothing new.
        if (!stored.has(scanId)) stored.set(scanId, stored.size + 1);
        if (scanId === 'scan-2' && loseNext) {
          loseNext = false;
          throw new TypeError('Failed to fetch');
        }
        return uploaded();
      },
    });
    expect(await syncQueue()).toEqual({ kind: 'stopped', sent: 1 });
    expect(await queued()).toEqual(['scan-2', 'scan-3']);

    expect(await syncQueue()).toEqual({ kind: 'done', sent: 2 });
    expect(posted(fetchMock, '/consume').map((body) => body.scanId)).toEqual([
      'scan-1',
      'scan-2',
      'scan-2',
      'scan-3',
    ]);
    expect([...stored.keys()]).toEqual(['scan-1', 'scan-2', 'scan-3']);
    expect(await queued()).toEqual([]);
  });

  it.each([
    ['429 with Retry-After', failure(429, 'Demasiados escaneos seguidos.', { 'retry-after': '7' }), 7000],
    ['503', failure(503, 'Servicio no disponible'), undefined],
    ['500', failure(500, 'Error interno'), undefined],
  ])(
    'stops the round on %s, keeps the entry and says when to try again',
    async (_name, answer, retryAfterMs) => {
      let calls = 0;
      stubScannerApi({ 'POST /consume': () => (++calls === 2 ? answer.clone() : uploaded()) });
      expect(await syncQueue()).toEqual({
        kind: 'stopped',
        sent: 1,
        ...(retryAfterMs ? { retryAfterMs } : {}),
      });
      expect(await queued()).toEqual(['scan-2', 'scan-3']);
      expect(calls).toBe(2);
      expect(await failedScans()).toEqual([]);

      // Later the server takes them.
      expect(await syncQueue()).toEqual({ kind: 'done', sent: 2 });
      expect(await queued()).toEqual([]);
    },
  );

  it.each([
    [404, 'Ticket no encontrado'],
    [403, 'Este ticket no pertenece a este evento'],
    [400, 'La hora del escaneo no puede tener más de 48 horas'],
    [409, 'Este identificador de escaneo ya se usó con otro código QR'],
  ])(
    'drops an entry the server refuses with %i, records why, and goes on with the next',
    async (status, message) => {
      stubScannerApi({
        'POST /consume': (body) => (body.scanId === 'scan-2' ? failure(status, message) : uploaded()),
      });
      expect(await syncQueue()).toEqual({ kind: 'done', sent: 2 });
      expect(await queued()).toEqual([]);
      expect(await failedScans()).toEqual([
        expect.objectContaining({
          scanId: 'scan-2',
          status,
          message,
          titular: 'Invitado 2',
          escaneadoEn: escaneadoEn(2),
        }),
      ]);
    },
  );

  it('records a scan the server had already answered with a refusal (the drink is not stored)', async () => {
    stubScannerApi({
      'POST /consume': (body) =>
        body.scanId === 'scan-1'
          ? Response.json({
              success: false,
              canConsume: false,
              message: 'Límite de bebidas alcanzado',
              reason: 'agotado',
              tipoBebida: 'copa',
            })
          : uploaded(),
    });
    expect(await syncQueue()).toEqual({ kind: 'done', sent: 3 });
    expect(await failedScans()).toEqual([
      expect.objectContaining({ scanId: 'scan-1', message: 'Límite de bebidas alcanzado' }),
    ]);
  });

  it('runs one round at a time: a second round started meanwhile sends nothing', async () => {
    const fetchMock = stubScannerApi({
      'POST /consume': async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return uploaded();
      },
    });
    const [first, second] = await Promise.all([syncQueue(), syncQueue()]);
    expect([first, second]).toEqual([{ kind: 'done', sent: 3 }, { kind: 'busy' }]);
    expect(posted(fetchMock, '/consume').map((body) => body.scanId)).toEqual(['scan-1', 'scan-2', 'scan-3']);
  });

  it('asks for the Web Lock when the browser has one, so two tabs never send at once', async () => {
    const held = new Set<string>();
    const request = vi.fn(
      async (
        name: string,
        options: { ifAvailable?: boolean },
        run: (lock: object | null) => Promise<unknown>,
      ) => {
        if (held.has(name)) return run(null);
        held.add(name);
        try {
          return await run({ name });
        } finally {
          held.delete(name);
        }
      },
    );
    vi.stubGlobal('navigator', { ...navigator, onLine: true, locks: { request } });
    stubScannerApi({ 'POST /consume': () => uploaded() });
    const [first, second] = await Promise.all([syncQueue(), syncQueue()]);
    expect([first, second]).toEqual([{ kind: 'done', sent: 3 }, { kind: 'busy' }]);
    expect(request).toHaveBeenCalledWith(
      'drinkflow-escaner-envio',
      { ifAvailable: true },
      expect.any(Function),
    );
  });

  it('takes a drink back on the server when it was undone while on its way', async () => {
    let release: () => void = () => {};
    const fetchMock = stubScannerApi({
      'POST /consume': (body) =>
        body.scanId === 'scan-1'
          ? new Promise<Response>((resolve) => (release = () => resolve(uploaded())))
          : uploaded(),
      'POST /undo': Response.json({ undone: true, message: 'Consumo deshecho' }),
    });
    const round = syncQueue();
    await vi.waitFor(() => expect(posted(fetchMock, '/consume')).toHaveLength(1));
    expect(await undoOfflineScan('scan-1')).toBe(true);
    release();
    expect(await round).toEqual({ kind: 'done', sent: 3 });
    expect(posted(fetchMock, '/undo')).toEqual([{ scanId: 'scan-1', deviceId: 'dispositivo-1' }]);
  });
});
