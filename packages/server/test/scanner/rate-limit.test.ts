import { scannerMessages } from '@drinkflow/domain/scanner';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, tally } from '../support/api';
import { uniqueAddress } from '../support/unique-values';
import { consumoRows } from '../support/scan-rows';
import { newScanId, scannerClient, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { awayFromMinuteBoundary } from '../support/time';

// docs/rules/scanner.md, docs/rules/offline-and-field.md: scanner calls are limited per API key and device, or per API key and client
// address when they name no device (fixed one-minute windows, default 600, SCANNER_RATE_LIMIT /
// scannerRateLimit, 0 = off), and an address that keeps trying unknown API keys is stopped after
// 20 of them in 10 minutes. Many devices behind one address: venue.test.ts.

const LIMIT = 5;
let limited: ScannerTestApp;
let standard: ScannerTestApp;
let unlimited: ScannerTestApp;
beforeAll(async () => {
  limited = await createScannerApp({ scannerRateLimit: LIMIT });
  standard = await createScannerApp();
  unlimited = await createScannerApp({ scannerRateLimit: 0 });
});
afterAll(async () => {
  await limited?.close();
  await standard?.close();
  await unlimited?.close();
});

/** A 429 `rate_limited` with a Retry-After of whole seconds, at least 1. */
function expectRateLimited(res: LightMyRequestResponse) {
  const body = expectApiError(res, 429, 'rate_limited');
  const retryAfter = res.headers['retry-after'];
  expect(String(retryAfter)).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  return body;
}

/** A fresh event on `t` whose scanner calls come from a fresh address, away from a window's end. */
async function freshScanner(t: ScannerTestApp, needMs = 5_000) {
  await awayFromMinuteBoundary(needMs);
  t.clock.reset();
  return scannerSetup(t, { remoteAddress: uniqueAddress() });
}

describe('the rate limit per API key and client address', () => {
  it('answers 429 with Retry-After once the client used its requests of the minute, and serves nothing', async () => {
    const { scanner, ticket } = await freshScanner(limited);

    for (let i = 0; i < LIMIT; i++) expect((await scanner.event()).statusCode).toBe(200);
    const res = await scanner.consume({ qrCode: ticket.qrCode });

    const body = expectRateLimited(res);
    expect(body.message).toBe(scannerMessages.rateLimited);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await consumoRows(limited.db, ticket.id)).toEqual([]);
  });

  it('counts the calls of all four scanner routes together, per address without a device', async () => {
    const { scanner, ticket } = await freshScanner(limited);

    const statuses = [
      (await scanner.event()).statusCode,
      (await scanner.ticket(ticket.qrCode)).statusCode,
      (await scanner.consume({ qrCode: ticket.qrCode, scanId: 'uno' })).statusCode,
      (await scanner.consume({ qrCode: ticket.qrCode, scanId: 'dos' })).statusCode,
      (await scanner.ticket('codigo-desconocido')).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 200, 200, 404]);

    expectRateLimited(await scanner.ticket(ticket.qrCode));
    expectRateLimited(await scanner.consume({ qrCode: ticket.qrCode, scanId: 'tres' }));
    expectRateLimited(await scanner.event());
  });

  it('counts the calls of all four scanner routes together per device, named by X-Device-Id', async () => {
    const { evento, ticket } = await freshScanner(limited);
    const scanner = scannerClient(limited, evento.apiKey, uniqueAddress(), 'movil-barra-1');

    const statuses = [
      (await scanner.event()).statusCode,
      (await scanner.ticket(ticket.qrCode)).statusCode,
      (await scanner.consume({ qrCode: ticket.qrCode, scanId: 'uno', deviceId: 'movil-barra-1' })).statusCode,
      (await scanner.undo({ scanId: 'uno', deviceId: 'movil-barra-1' })).statusCode,
      (await scanner.ticket('codigo-desconocido')).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 200, 200, 404]);

    expectRateLimited(await scanner.ticket(ticket.qrCode));
    expectRateLimited(await scanner.undo({ scanId: newScanId(), deviceId: 'movil-barra-1' }));
    expectRateLimited(await scanner.event());
  });

  it('keeps separate budgets for another API key and for another address', async () => {
    const { scanner, evento, ticket } = await freshScanner(limited);
    const other = await scannerSetup(limited);
    const address = uniqueAddress();
    const sameAddress = scannerClient(limited, other.evento.apiKey, address);
    const busy = scannerClient(limited, evento.apiKey, address);
    for (let i = 0; i < LIMIT; i++) expect((await busy.event()).statusCode).toBe(200);
    expectRateLimited(await busy.event());

    expect((await sameAddress.event()).statusCode).toBe(200);
    expect((await scanner.consume({ qrCode: ticket.qrCode })).statusCode).toBe(200);
  });

  it('lets exactly the limit through when the requests arrive at the same time', async () => {
    const { scanner, ticket } = await freshScanner(limited);

    const responses = await Promise.all(
      Array.from({ length: 4 * LIMIT }, () => scanner.consume({ qrCode: ticket.qrCode })),
    );

    expect(tally(responses)).toEqual({ 200: LIMIT, 429: 3 * LIMIT });
    for (const res of responses.filter((one) => one.statusCode === 429)) expectRateLimited(res);
    // Five reached the rules; the ticket itself allows four drinks.
    expect(await consumoRows(limited.db, ticket.id)).toHaveLength(4);
  });

  // Waiting for 20 s of the minute to be left can itself take up to 20 s, the default test timeout.
  it('lets a burst of 60 and then 600 requests a minute through by default, and refuses the 601st', async () => {
    const { scanner } = await freshScanner(standard, 20_000);

    const responses: LightMyRequestResponse[] = [];
    for (let batch = 0; batch < 10; batch++) {
      responses.push(...(await Promise.all(Array.from({ length: 60 }, () => scanner.event()))));
    }

    expect(tally(responses)).toEqual({ 200: 600 });
    expectRateLimited(await scanner.event());
  }, 60_000);

  it('never answers 429 with the limit turned off (0)', async () => {
    const { scanner } = await freshScanner(unlimited);

    const responses: LightMyRequestResponse[] = [];
    for (let batch = 0; batch < 11; batch++) {
      responses.push(...(await Promise.all(Array.from({ length: 60 }, () => scanner.event()))));
    }

    expect(tally(responses)).toEqual({ 200: 660 });
  });
});

describe('an address trying unknown API keys', () => {
  const unknownKey = (i: number) => `clave-adivinada-${i}-${newScanId()}`;

  it('gets 404 for 20 unknown keys and then 429, on any scanner route', async () => {
    const address = uniqueAddress();
    const routes = [
      (key: string) => scannerClient(standard, key, address).event(),
      (key: string) => scannerClient(standard, key, address).ticket('codigo'),
      (key: string) => scannerClient(standard, key, address).consume({ qrCode: 'codigo' }),
      (key: string) => scannerClient(standard, key, address).undo({ scanId: 'x', deviceId: 'y' }),
    ];

    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await routes[i % 4]!(unknownKey(i))).statusCode);
    expect(statuses).toEqual(Array(20).fill(404));

    for (let i = 20; i < 24; i++) expectApiError(await routes[i % 4]!(unknownKey(i)), 429, 'rate_limited');
  });

  it('still serves a real API key from that address, and other addresses’ unknown keys get 404', async () => {
    const { evento } = await scannerSetup(standard);
    const address = uniqueAddress();
    for (let i = 0; i < 20; i++) await scannerClient(standard, unknownKey(i), address).event();
    expect((await scannerClient(standard, unknownKey(99), address).event()).statusCode).toBe(429);

    expect((await scannerClient(standard, evento.apiKey, address).event()).statusCode).toBe(200);
    expect((await scannerClient(standard, unknownKey(100), uniqueAddress()).event()).statusCode).toBe(404);
  });

  it('lets no more than 20 of 40 simultaneous unknown-key requests get a 404', async () => {
    const address = uniqueAddress();

    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => scannerClient(standard, unknownKey(i), address).event()),
    );

    const counts = tally(responses);
    expect(Object.keys(counts).sort()).toEqual(['404', '429']);
    expect(counts[404]).toBeLessThanOrEqual(20);
    expect(counts[404]! + counts[429]!).toBe(40);
  });

  it('does not count unknown QR codes under a real API key', async () => {
    const { evento } = await scannerSetup(standard);
    const scanner = scannerClient(standard, evento.apiKey, uniqueAddress());

    const responses: LightMyRequestResponse[] = [];
    for (let i = 0; i < 25; i++) responses.push(await scanner.ticket(`codigo-inexistente-${i}`));

    expect(tally(responses)).toEqual({ 404: 25 });
    expect(responses.at(-1)!.json().message).toBe(scannerMessages.ticketNotFound);
  });
});
