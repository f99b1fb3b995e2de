import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { driverOf } from '../../src/db/client';
import { abuseLimitMessages, scannerRateLimits } from '../../src/modules/scanner/admission/limits';
import { call, expectApiError, tally } from '../support/api';
import { ticketTypeBody } from '../support/ticket-types';
import { uniqueAddress } from '../support/unique-values';
import { expectScan, newScanId, scannerClient, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { MINUTE } from '../support/time';

// docs/decisions/051: offline data downloads count per API key and device (6 a minute) and per
// API key and address (120 a minute, a venue of 100 bars refreshing each minute); an unchanged
// refresh answers 304 to its ETag without the data, and a drink or an edit gives a new ETag.
// Consumes keep being answered during a burst of downloads. The test clock stands a second into a
// minute, so each burst counts in one window.

const { offlinePerDevice, offlinePerAddress } = scannerRateLimits;

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

/** An open-bar event (no drink limit) with `quantity` tickets, at the start of a minute. */
async function openBar(t: ScannerTestApp, quantity = 1) {
  t.clock.set(Math.ceil((Date.now() + 1) / MINUTE) * MINUTE + 1_000);
  const setup = await scannerSetup(t, {
    tipo: { modo: 'temporal', maxDrinks: null, durationMinutes: 360 },
    quantity,
  });
  const address = uniqueAddress();
  /** GET …/offline from `deviceId` at the event's address, conditional on `etag` when given. */
  const download = (deviceId: string, etag?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/scanner/${encodeURIComponent(setup.evento.apiKey)}/offline`,
      remoteAddress: address,
      headers: { 'x-device-id': deviceId, ...(etag ? { 'if-none-match': etag } : {}) },
    });
  const device = (deviceId: string) => scannerClient(t, setup.evento.apiKey, address, deviceId);
  return { ...setup, address, download, device };
}

/** The SQL texts the database driver receives while `work` runs. */
async function statementsDuring(t: ScannerTestApp, work: () => Promise<unknown>): Promise<string[]> {
  const driver = driverOf(t.db);
  const target = driver.kind === 'pglite' ? driver.client : driver.pool;
  const spy = vi.spyOn(target as { query: (...args: unknown[]) => unknown }, 'query');
  try {
    await work();
    return spy.mock.calls.map(([query]) =>
      typeof query === 'string' ? query : (query as { text: string }).text,
    );
  } finally {
    spy.mockRestore();
  }
}

function expectDownloadRefusal(res: LightMyRequestResponse) {
  const body = expectApiError(res, 429, 'rate_limited');
  expect(body.message).toBe(abuseLimitMessages.offlineDownloads);
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

/** A 200 download with its ETag. */
function expectData(res: LightMyRequestResponse): string {
  expect(res.statusCode, res.body).toBe(200);
  const etag = res.headers.etag;
  expect(etag).toMatch(/^W\/".+"$/);
  expect(res.json()).toHaveProperty('tickets');
  return String(etag);
}

describe('offline data downloads per device', () => {
  it(`answers the ${offlinePerDevice + 1}th download of a minute from one device 429, while its scans go on`, async () => {
    const { ticket, download, device } = await openBar(standard);
    const bar = `barra-${newScanId()}`;
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < offlinePerDevice; i++) {
      const [got, scan] = await Promise.all([
        download(bar),
        device(bar).consume({ qrCode: ticket.qrCode, scanId: newScanId() }),
      ]);
      answers.push(got);
      expectScan(scan, { success: true });
    }
    expect(tally(answers)).toEqual({ 200: offlinePerDevice });

    expectDownloadRefusal(await download(bar));
    // The device's scans and another device's downloads are not held back.
    expectScan(await device(bar).consume({ qrCode: ticket.qrCode, scanId: newScanId() }), { success: true });
    expect((await download(`otra-${newScanId()}`)).statusCode).toBe(200);

    standard.clock.advance(MINUTE);
    expect((await download(bar)).statusCode).toBe(200);
  });

  it(`lets exactly ${offlinePerDevice} of 10 simultaneous downloads of one device through`, async () => {
    const { download } = await openBar(standard);
    const bar = `barra-${newScanId()}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => download(bar)));
    expect(tally(answers)).toEqual({ 200: offlinePerDevice, 429: 10 - offlinePerDevice });
  });
});

describe('offline data downloads per API key and address', () => {
  it(`serves ${offlinePerAddress} a minute from one address (a venue of bars refreshing), then 429, while scans go on`, async () => {
    const { ticket, download, device } = await openBar(standard);
    const bars = Array.from({ length: 40 }, (_, i) => `barra-${i}-${newScanId()}`);
    const etag = expectData(await download(bars[0]!));
    const answers: LightMyRequestResponse[] = [];
    // The other 119 of the minute: bars refreshing (200 or 304, as the scans change the data),
    // 40 at a time, with a bar scanning beside each batch.
    const refreshes = Array.from({ length: offlinePerAddress - 1 }, (_, i) => bars[(i + 1) % bars.length]!);
    for (let from = 0; from < refreshes.length; from += bars.length) {
      const [batch, scan] = await Promise.all([
        Promise.all(refreshes.slice(from, from + bars.length).map((bar) => download(bar, etag))),
        device(bars[0]!).consume({ qrCode: ticket.qrCode, scanId: newScanId() }),
      ]);
      answers.push(...batch);
      expectScan(scan, { success: true });
    }
    expect(answers.map((res) => res.statusCode).filter((status) => status !== 200 && status !== 304)).toEqual(
      [],
    );

    expectDownloadRefusal(await download(`nueva-${newScanId()}`));
    expectDownloadRefusal(await download(bars[1]!, etag));
    expectScan(await device(bars[2]!).consume({ qrCode: ticket.qrCode, scanId: newScanId() }), {
      success: true,
    });
  }, 60_000);
});

describe('offline data ETag', () => {
  it('answers an unchanged refresh 304 without the data, and 200 with a new ETag after a drink or an edit', async () => {
    const { owner, evento, tipo, ticket, download, device } = await openBar(standard);
    const bar = `barra-${newScanId()}`;
    const first = expectData(await download(bar));

    let unchanged!: LightMyRequestResponse;
    const statements = await statementsDuring(standard, async () => (unchanged = await download(bar, first)));
    expect(unchanged.statusCode).toBe(304);
    // The data was not built: no drink read (the version reads tickets and orders only).
    expect(statements.filter((text) => /\bconsumos\b/.test(text))).toEqual([]);
    // …as a download without the ETag does.
    const built = await statementsDuring(standard, () => download(bar));
    expect(built.filter((text) => /\bconsumos\b/.test(text))).not.toEqual([]);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(first);
    // Another event's drink changes nothing here.
    const other = await scannerSetup(standard);
    expectScan(await other.scanner.consume({ qrCode: other.ticket.qrCode }), { success: true });
    expect((await download(bar, first)).statusCode).toBe(304);

    expectScan(await device(bar).consume({ qrCode: ticket.qrCode, scanId: newScanId() }), { success: true });
    const afterDrink = await download(bar, first);
    const second = expectData(afterDrink);
    expect(second).not.toBe(first);
    expect(afterDrink.json<{ tickets: { consumos: string[] }[] }>().tickets[0]!.consumos).toHaveLength(1);
    expect((await download(bar, second)).statusCode).toBe(304);

    const renamed = await call(
      standard,
      owner,
      'PUT',
      `/api/tipos-ticket/${tipo.id}`,
      ticketTypeBody(evento, {
        nombre: 'Pulsera VIP',
        modo: 'temporal',
        maxDrinks: null,
        durationMinutes: 360,
      }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const afterEdit = await download(`otra-${newScanId()}`, second);
    const third = expectData(afterEdit);
    expect(third).not.toBe(second);
    expect(afterEdit.json<{ tiposTicket: { nombre: string }[] }>().tiposTicket[0]!.nombre).toBe(
      'Pulsera VIP',
    );
  });
});

describe('offline data downloads without limits', () => {
  it('serves any number with SCANNER_RATE_LIMIT=0, as every scanner limit', async () => {
    const { download } = await openBar(unlimited);
    const bar = `barra-${newScanId()}`;
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < offlinePerDevice * 2; i++) answers.push(await download(bar));
    expect(tally(answers)).toEqual({ 200: offlinePerDevice * 2 });
  });
});
