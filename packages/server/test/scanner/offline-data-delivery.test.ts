import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { offlineData, openHolderName, type OfflineData } from '@drinkflow/domain/offline-data';
import { scannerMessages } from '@drinkflow/domain/scanner';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectApiError } from '../support/api';
import { uniqueAddress } from '../support/unique-values';
import { createOrder } from '../support/orders';
import { scannerClient, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { awayFromMinuteBoundary } from '../support/time';
import { expectOfflineData, festival, offline, sha256, ticketOf } from './offline-data-fixtures';

// docs/rules/offline-and-field.md, docs/decisions/035: how the offline download is served: to many
// devices at once, never cached, compressed when asked, within the scanner's rate limit.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.reset();
});

describe('GET /api/scanner/{apiKey}/offline', () => {
  it('answers every one of many devices that download at once, each with the whole data', async () => {
    const f = await festival(t);
    const devices = Array.from({ length: 6 }, (_, n) => ({ 'x-device-id': `movil-${n}` }));

    const answers = await Promise.all(devices.map((headers) => offline(t, f.evento.apiKey, headers)));

    for (const res of answers) {
      const data = expectOfflineData(res);
      expect(data.tickets).toHaveLength(5);
      const found = ticketOf(data, f.second.tickets[1]!.qrCode)!;
      expect(await openHolderName(f.second.tickets[1]!.qrCode, found.titular)).toBe('María José Güell');
    }
  });

  it('answers 404 with the Spanish message for an unknown API key', async () => {
    const res = await offline(t, 'clave-que-no-existe-en-ningun-evento', {}, uniqueAddress());

    expectApiError(res, 404, 'not_found');
    expect(res.json()).toEqual({ error: 'not_found', message: scannerMessages.invalidKey });
  });

  it('answers Cache-Control: no-store, so no browser or proxy keeps a copy', async () => {
    const f = await scannerSetup(t);

    const res = await offline(t, f.evento.apiKey);

    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers compressed with brotli or gzip when the client accepts it, decoding to the same data', async () => {
    const f = await scannerSetup(t, { quantity: 10 });
    await createOrder(
      t,
      f.owner,
      { evento: f.evento, tipo: f.tipo },
      { quantity: 10, nombreCompleto: 'Ana Pérez' },
    );
    const qrCodes = new Map(f.tickets.map((ticket) => [sha256(ticket.qrCode), ticket.qrCode]));

    const plain = await offline(t, f.evento.apiKey);
    const br = await offline(t, f.evento.apiKey, { 'accept-encoding': 'br' });
    const gzip = await offline(t, f.evento.apiKey, { 'accept-encoding': 'gzip' });

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const decoded = [
      JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8')) as OfflineData,
      JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8')) as OfflineData,
    ];
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    // Equal but for the sealed names, which get a fresh IV each time; those open to the same name.
    const withoutNames = (data: OfflineData) => ({
      ...data,
      tickets: data.tickets.map(({ titular: _titular, ...ticket }) => ticket),
    });
    const reference = expectOfflineData(plain);
    expect(reference.tickets).toHaveLength(20);
    for (const data of decoded) {
      expect(offlineData.parse(data)).toEqual(data);
      expect(withoutNames(data)).toEqual(withoutNames(reference));
      for (const ticket of data.tickets.filter(({ id }) => qrCodes.has(id))) {
        expect(await openHolderName(qrCodes.get(ticket.id)!, ticket.titular)).toBe('Lucía Fernández');
      }
    }
  });
});

describe('GET /api/scanner/{apiKey}/offline, rate limit', () => {
  const LIMIT = 3;
  let limited: ScannerTestApp;
  beforeAll(async () => {
    limited = await createScannerApp({ scannerRateLimit: LIMIT });
  });
  afterAll(() => limited?.close());

  it('counts in the same per-device window as the other scanner routes and answers 429 beyond it', async () => {
    await awayFromMinuteBoundary();
    limited.clock.reset();
    const { evento, ticket } = await scannerSetup(limited, { remoteAddress: uniqueAddress() });
    const address = uniqueAddress();
    const device = { 'x-device-id': 'movil-barra-offline' };
    const scanner = scannerClient(limited, evento.apiKey, address, 'movil-barra-offline');
    const download = () =>
      limited.app.inject({
        method: 'GET',
        url: `/api/scanner/${evento.apiKey}/offline`,
        headers: device,
        remoteAddress: address,
      });

    expect((await scanner.event()).statusCode).toBe(200);
    expect((await download()).statusCode).toBe(200);
    expect((await scanner.ticket(ticket.qrCode)).statusCode).toBe(200);

    const refused = await download();
    const body = expectApiError(refused, 429, 'rate_limited');
    expect(body.message).toBe(scannerMessages.rateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await scanner.event()).statusCode).toBe(429);
    // Another device on the same address has its own window.
    const otherDevice = await limited.app.inject({
      method: 'GET',
      url: `/api/scanner/${evento.apiKey}/offline`,
      headers: { 'x-device-id': 'movil-barra-2' },
      remoteAddress: address,
    });
    expect(otherDevice.statusCode).toBe(200);
  });
});
