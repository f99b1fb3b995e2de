import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abuseLimitMessages, scannerRateLimits } from '../../src/modules/scanner/admission/limits';
import { expectApiError, tally } from '../support/api';
import { uniqueAddress } from '../support/unique-values';
import { consumoRows } from '../support/scan-rows';
import { expectScan, newScanId, scannerClient, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { MINUTE } from '../support/time';

// docs/decisions/051: one address may introduce at most 50 new link deviceIds per API key in 10
// minutes, so naming a fresh device on every request does not escape the per-device limit; a
// venue's real devices behind one address are known after their first request and never count
// again. SCANNER_RATE_LIMIT=0 turns it off with every other scanner limit. The test clock stands at
// the start of a 10-minute window, so each burst below counts in one window.

const { newDevicesPerAddress, newDeviceWindowMs } = scannerRateLimits;

let standard: ScannerTestApp;
let unlimited: ScannerTestApp;
beforeAll(async () => {
  standard = await createScannerApp();
  unlimited = await createScannerApp({ scannerRateLimit: 0 });
});
afterAll(async () => {
  await standard?.close();
  await unlimited?.close();
});

/** Puts the clock a second into the next 10-minute window (new-device counts start from zero). */
function startOfAWindow(t: ScannerTestApp) {
  t.clock.set(Math.ceil((Date.now() + 1) / newDeviceWindowMs) * newDeviceWindowMs + 1_000);
}

/** An open-bar event (no drink limit) with `quantity` tickets, its calls from a fresh address. */
async function openBar(t: ScannerTestApp, quantity = 1) {
  startOfAWindow(t);
  const setup = await scannerSetup(t, {
    tipo: { modo: 'temporal', maxDrinks: null, durationMinutes: 360 },
    quantity,
  });
  const address = uniqueAddress();
  const device = (deviceId: string) => scannerClient(t, setup.evento.apiKey, address, deviceId);
  return { ...setup, address, device };
}

/** The 429 of the new-device limit: the API error shape, Spanish, Retry-After within the window. */
function expectNewDeviceRefusal(res: LightMyRequestResponse) {
  const body = expectApiError(res, 429, 'rate_limited');
  expect(body.message).toBe(abuseLimitMessages.newDevices);
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(newDeviceWindowMs / 1000);
}

describe('new link devices per address and API key', () => {
  it('answers 429 once an address named 50 new devices, records nothing, and still serves the devices it introduced', async () => {
    const { ticket, device } = await openBar(standard);
    const rotated = Array.from({ length: newDevicesPerAddress }, (_, i) => `rotado-${i}-${newScanId()}`);
    // The first device scans the ticket, so this process knows it (a scan decided from memory).
    expectScan(await device(rotated[0]!).consume({ qrCode: ticket.qrCode, scanId: newScanId() }), {
      success: true,
    });
    const answers: LightMyRequestResponse[] = [];
    for (const deviceId of rotated.slice(1)) answers.push(await device(deviceId).event());
    expect(tally(answers)).toEqual({ 200: newDevicesPerAddress - 1 });

    const fresh = device(`rotado-extra-${newScanId()}`);
    expectNewDeviceRefusal(await fresh.event());
    expectNewDeviceRefusal(await fresh.consume({ qrCode: ticket.qrCode, scanId: newScanId() }));
    expectNewDeviceRefusal(
      await device(`otro-${newScanId()}`).consume({ qrCode: ticket.qrCode, scanId: newScanId() }),
    );
    expect(await consumoRows(standard.db, ticket.id)).toHaveLength(1);

    // Devices it introduced are known: they keep scanning.
    expectScan(await device(rotated[0]!).consume({ qrCode: ticket.qrCode, scanId: newScanId() }), {
      success: true,
    });
    expect((await device(rotated[49]!).event()).statusCode).toBe(200);
  }, 60_000);

  it('lets exactly 50 of 80 new devices through when they all arrive at once', async () => {
    const { device } = await openBar(standard);
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) => device(`a-la-vez-${i}-${newScanId()}`).event()),
    );
    expect(tally(answers)).toEqual({ 200: newDevicesPerAddress, 429: 80 - newDevicesPerAddress });
  });

  it('counts per address: another address still introduces its devices, and the next window starts again', async () => {
    const { evento, device } = await openBar(standard);
    for (let i = 0; i < newDevicesPerAddress; i++) {
      expect((await device(`a-${i}-${newScanId()}`).event()).statusCode).toBe(200);
    }
    expectNewDeviceRefusal(await device(`a-extra-${newScanId()}`).event());

    const elsewhere = scannerClient(standard, evento.apiKey, uniqueAddress(), `b-${newScanId()}`);
    expect((await elsewhere.event()).statusCode).toBe(200);

    standard.clock.advance(newDeviceWindowMs);
    expect((await device(`a-later-${newScanId()}`).event()).statusCode).toBe(200);
  });

  it('lets 8 real devices behind one address keep scanning at their usual pace while a rotating client beside them is refused', async () => {
    const { tickets, device } = await openBar(standard, 8);
    const bars = tickets.map((ticket, i) => ({ ticket, client: device(`barra-${i}-${newScanId()}`) }));
    const scans: LightMyRequestResponse[] = [];
    const rotating: LightMyRequestResponse[] = [];
    // A busy stretch: 20 scans per bar, the bars interleaved as at a venue, and beside them a
    // client on the same address naming a new device on every request.
    for (let round = 0; round < 20; round++) {
      const [roundScans, ...rotated] = await Promise.all([
        Promise.all(
          bars.map(({ ticket, client }) => client.consume({ qrCode: ticket.qrCode, scanId: newScanId() })),
        ),
        ...Array.from({ length: 4 }, () => device(`rotado-${newScanId()}`).ticket('codigo-inventado')),
      ]);
      scans.push(...roundScans);
      rotating.push(...rotated);
    }
    expect(tally(scans)).toEqual({ 200: 8 * 20 });
    // The 8 bars were new once, so the rotating client got the other 42 new devices of the window.
    expect(tally(rotating)).toEqual({ 404: newDevicesPerAddress - 8, 429: 80 - (newDevicesPerAddress - 8) });
    // And a minute later: known devices are not new again.
    standard.clock.advance(MINUTE);
    const later = await Promise.all(bars.map(({ client }) => client.event()));
    expect(tally(later)).toEqual({ 200: 8 });
  }, 60_000);

  it('is off with SCANNER_RATE_LIMIT=0, as every scanner limit', async () => {
    const { device } = await openBar(unlimited);
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < newDevicesPerAddress + 10; i++)
      answers.push(await device(`libre-${i}-${newScanId()}`).event());
    expect(tally(answers)).toEqual({ 200: newDevicesPerAddress + 10 });
  });
});
