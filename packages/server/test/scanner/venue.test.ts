import { scannerMessages } from '@drinkflow/domain/scanner';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, tally } from '../support/api';
import { uniqueAddress } from '../support/unique-values';
import { consumoRowsOfEvent } from '../support/scan-rows';
import { newScanId, scannerClient, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { MINUTE } from '../support/time';

// docs/rules/offline-and-field.md (docs/decisions/029): a venue's bars share one public address. Scanner limits
// count per API key and device (600 a minute each); per API key and address the ceiling is 20,000
// a minute (SCANNER_ADDRESS_LIMIT); SCANNER_RATE_LIMIT=0 turns every scanner limit off. The test
// clock (buildApp's `now`) stands at the start of a minute, so the whole minute is in one window.

const VENUE_DEVICES = 8;
const SCANS_PER_MINUTE = 1_500;

let venue: ScannerTestApp;
let tight: ScannerTestApp;
let unlimited: ScannerTestApp;
beforeAll(async () => {
  venue = await createScannerApp();
  tight = await createScannerApp({ scannerRateLimit: 5, scannerAddressLimit: 12 });
  unlimited = await createScannerApp({ scannerRateLimit: 0, scannerAddressLimit: 12 });
});
afterAll(async () => {
  await venue?.close();
  await tight?.close();
  await unlimited?.close();
});

/** Puts the clock a second into the next whole minute: every request below counts in one window. */
function startOfAMinute(t: ScannerTestApp) {
  t.clock.set(Math.ceil((Date.now() + 1) / MINUTE) * MINUTE + 1_000);
}

/** An open-bar ticket per device (no drink limit), sold for an event running now. */
async function venueSetup(t: ScannerTestApp, devices: number) {
  startOfAMinute(t);
  return scannerSetup(t, {
    tipo: { modo: 'temporal', maxDrinks: null, durationMinutes: 360 },
    quantity: devices,
  });
}

describe('many devices behind one address', () => {
  it('serves 1,500 scans a minute from 8 devices at one address without a 429, then stops only the device over its own 600', async () => {
    const { evento, tickets } = await venueSetup(venue, VENUE_DEVICES);
    const address = uniqueAddress();
    const bars = Array.from({ length: VENUE_DEVICES }, (_, i) => {
      const deviceId = `barra-${i}-${newScanId()}`;
      return {
        deviceId,
        qrCode: tickets[i]!.qrCode,
        scanner: scannerClient(venue, evento.apiKey, address, deviceId),
      };
    });
    const scan = (bar: (typeof bars)[number]) =>
      bar.scanner.consume({
        qrCode: bar.qrCode,
        scanId: newScanId(),
        deviceId: bar.deviceId,
        barra: 'Terraza',
      });

    // 1,500 scans inside the minute, every bar busy at once (8 at a time, round robin).
    const responses: LightMyRequestResponse[] = [];
    for (let i = 0; i < SCANS_PER_MINUTE; i += VENUE_DEVICES) {
      const batch = bars.slice(0, Math.min(VENUE_DEVICES, SCANS_PER_MINUTE - i));
      responses.push(...(await Promise.all(batch.map(scan))));
      venue.clock.advance(30); // 1,500 × 30 ms / 8 ≈ 6 s of the minute
    }
    expect(tally(responses)).toEqual({ 200: SCANS_PER_MINUTE });
    expect(responses.every((res) => res.json().success === true)).toBe(true);
    expect(await consumoRowsOfEvent(venue.db, evento.id)).toHaveLength(SCANS_PER_MINUTE);

    // The first bar goes on alone up to its own 600 in the minute (188 scans so far), then gets 429.
    const busy = bars[0]!;
    const used = Math.ceil(SCANS_PER_MINUTE / VENUE_DEVICES);
    for (let i = used; i < 600; i += 50) {
      const more = await Promise.all(
        Array.from({ length: Math.min(50, 600 - i) }, () => busy.scanner.event()),
      );
      expect(tally(more)).toEqual({ 200: more.length });
    }
    const refused = await scan(busy);
    expectApiError(refused, 429, 'rate_limited');
    expect(refused.json().message).toBe(scannerMessages.rateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expectApiError(await busy.scanner.ticket(busy.qrCode), 429, 'rate_limited');

    // The other bars behind the same address still pass, on every route.
    for (const bar of bars.slice(1)) {
      expect((await scan(bar)).statusCode).toBe(200);
      expect((await bar.scanner.ticket(bar.qrCode)).statusCode).toBe(200);
    }
    // The next minute the first bar scans again.
    venue.clock.advance(MINUTE);
    expect((await scan(busy)).statusCode).toBe(200);
  }, 120_000);

  it('counts a device named only in the body of consume and undo like one named in the header', async () => {
    const { evento, ticket } = await venueSetup(tight, 1);
    const address = uniqueAddress();
    const inBody = scannerClient(tight, evento.apiKey, address);
    const inHeader = scannerClient(tight, evento.apiKey, address, 'caja-1');

    for (let i = 0; i < 3; i++) {
      expect((await inBody.consume({ qrCode: ticket.qrCode, deviceId: 'caja-1' })).statusCode).toBe(200);
    }
    expect((await inHeader.event()).statusCode).toBe(200);
    expect((await inBody.undo({ scanId: newScanId(), deviceId: 'caja-1' })).statusCode).toBe(404);
    expectApiError(await inHeader.event(), 429, 'rate_limited');
    // Requests that name no device have a budget of their own per address.
    expect((await inBody.event()).statusCode).toBe(200);
  });

  it('stops an address at its ceiling for the key, whatever device ids it sends', async () => {
    const { evento } = await venueSetup(tight, 1);
    const address = uniqueAddress();
    const device = (i: number) => scannerClient(tight, evento.apiKey, address, `movil-${i}`);

    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await device(i).event()).statusCode);
    expect(statuses).toEqual(Array(12).fill(200));

    expectApiError(await device(99).event(), 429, 'rate_limited');
    // Another address is not affected.
    expect((await scannerClient(tight, evento.apiKey, uniqueAddress(), 'movil-0').event()).statusCode).toBe(
      200,
    );
  });

  it('turns every scanner limit off with SCANNER_RATE_LIMIT=0, the ceiling per address included', async () => {
    const { evento } = await venueSetup(unlimited, 1);
    const address = uniqueAddress();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        scannerClient(unlimited, evento.apiKey, address, `movil-${i % 3}`).event(),
      ),
    );
    expect(tally(responses)).toEqual({ 200: 30 });
  });

  it('refuses a device id header longer than 100 characters with 400', async () => {
    const { evento } = await venueSetup(tight, 1);
    const res = await scannerClient(tight, evento.apiKey, uniqueAddress(), 'x'.repeat(101)).event();
    expect(expectApiError(res, 400, 'validation_error').message).toBe(scannerMessages.deviceIdInvalid);
  });
});
