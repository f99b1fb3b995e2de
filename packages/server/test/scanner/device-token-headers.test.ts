import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, tally } from '../support/api';
import { consumoRows } from '../support/scan-rows';
import { expectScan, newScanId, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { uniqueAddress } from '../support/unique-values';
import { deviceClient, deviceRow, linkDevices, pairDevice, tokenHeaders } from './device-fixtures';

// docs/decisions/062: hostile device headers are a 401 or a 400, never a 500; the reports a scanner
// sends (X-Device-Pending, X-Device-Offline-Data) reach its row at most every 15 s per process, and
// a value that is not a count or a date is ignored; with a token the per-device rate limit counts
// the token, so rotating X-Device-Id escapes nothing.

let t: ScannerTestApp;
/** SCANNER_RATE_LIMIT=5: the sixth call of a device in a minute is a 429. */
let limited: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
  limited = await createScannerApp({ scannerRateLimit: 5 });
});
afterAll(async () => {
  await Promise.all([t?.close(), limited?.close()]);
});

async function setupWithDevice(app: ScannerTestApp) {
  app.clock.reset();
  const setup = await scannerSetup(app, {
    tipo: { modo: 'temporal', maxDrinks: null, durationMinutes: 360 },
  });
  const device = await pairDevice(app.db, setup.evento.id);
  return { ...setup, device };
}

describe('hostile device headers', () => {
  it('a token with a NUL, 10 kB of token, a repeated or odd token are 401 device_required, never 500', async () => {
    const { evento, ticket, device } = await setupWithDevice(t);
    const tokens = [`${device.token}\u0000`, 'a'.repeat(10_240), `${device.token} x`, 'ñ'.repeat(43), '12'];
    for (const token of tokens) {
      const client = deviceClient(t, evento.apiKey, { 'x-device-token': token });
      expectApiError(await client.event(), 401, 'device_required');
      expectApiError(
        await client.consume({ qrCode: ticket.qrCode, scanId: newScanId() }),
        401,
        'device_required',
      );
    }
    const repeated = await t.app.inject({
      method: 'GET',
      url: `/api/scanner/${evento.apiKey}/event`,
      headers: { 'x-device-token': [device.token, device.token] },
    });
    expectApiError(repeated, 401, 'device_required');
    // An invalid X-Device-Id beside a valid token is still the 400 it always was.
    const badId = deviceClient(
      t,
      evento.apiKey,
      tokenHeaders(device.token, { 'x-device-id': 'a'.repeat(101) }),
    );
    expectApiError(await badId.event(), 400, 'validation_error');
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(0);
  });

  it('odd reports are ignored (the row keeps what it had) and the call is answered', async () => {
    const { evento, device } = await setupWithDevice(t);
    const good = deviceClient(
      t,
      evento.apiKey,
      tokenHeaders(device.token, {
        'x-device-pending': '3',
        'x-device-offline-data': '2030-07-04T18:00:00.000Z',
      }),
    );
    expect((await good.event()).statusCode).toBe(200);
    const odd = [
      { 'x-device-pending': '-1', 'x-device-offline-data': 'ayer' },
      { 'x-device-pending': '1e9', 'x-device-offline-data': '2030-13-45T99:99:00Z' },
      { 'x-device-pending': 'x'.repeat(10_240), 'x-device-offline-data': `2030-07-04T18:00:00Z\u0000` },
      { 'x-device-pending': '99999999999', 'x-device-offline-data': '0001-01-01T00:00:00Z' },
    ];
    for (const headers of odd) {
      t.clock.advance(20_000);
      const res = await deviceClient(t, evento.apiKey, tokenHeaders(device.token, headers)).event();
      expect(res.statusCode, res.body).toBe(200);
    }
    const row = await deviceRow(t.db, device.id);
    expect(row.pendientes).toBe(3);
    expect(row.datosOfflineDe?.toISOString()).toBe('2030-07-04T18:00:00.000Z');
    expect(row.ultimoContacto?.getTime()).toBe(t.clock.now().getTime());
  });
});

describe('contact reports', () => {
  it('store the last contact, the pending drinks and the offline data’s date, at most every 15 s', async () => {
    const { evento, device, ticket } = await setupWithDevice(t);
    const report = (pending: string, date: string) =>
      deviceClient(
        t,
        evento.apiKey,
        tokenHeaders(device.token, { 'x-device-pending': pending, 'x-device-offline-data': date }),
      );
    const first = t.clock.now();
    expectScan(await report('7', '2030-07-04T18:00:00.000Z').consume({ qrCode: ticket.qrCode }), {
      success: true,
    });
    expect(await deviceRow(t.db, device.id)).toMatchObject({
      ultimoContacto: first,
      pendientes: 7,
      datosOfflineDe: new Date('2030-07-04T18:00:00.000Z'),
    });
    // 10 s later, several calls (the known ticket's one-statement path among them): no write.
    t.clock.advance(10_000);
    expectScan(await report('2', '2030-07-04T19:00:00.000Z').consume({ qrCode: ticket.qrCode }), {
      success: true,
    });
    expect((await report('1', '2030-07-04T19:00:00.000Z').ticket(ticket.qrCode)).statusCode).toBe(200);
    expect(await deviceRow(t.db, device.id)).toMatchObject({ ultimoContacto: first, pendientes: 7 });
    // After the interval the next call writes what it reports.
    const later = t.clock.advance(6_000);
    expect((await report('0', '2030-07-04T19:30:00.000Z').event()).statusCode).toBe(200);
    expect(await deviceRow(t.db, device.id)).toMatchObject({
      ultimoContacto: later,
      pendientes: 0,
      datosOfflineDe: new Date('2030-07-04T19:30:00.000Z'),
    });
  });

  it('a link device’s reports reach its row', async () => {
    const { evento } = await setupWithDevice(t);
    const link = deviceClient(t, evento.apiKey, { 'x-device-id': 'movil-informa', 'x-device-pending': '4' });
    expect((await link.event()).statusCode).toBe(200);
    const [row] = await linkDevices(t.db, evento.id).then((rows) => rows.filter((r) => r.tipo === 'enlace'));
    expect(row).toMatchObject({ pendientes: 4, ultimoContacto: t.clock.now() });
  });
});

describe('the per-device rate limit with a token', () => {
  it('counts the token: rotating X-Device-Id gets 429 after the limit, and another device is not affected', async () => {
    const { evento, device, ticket } = await setupWithDevice(limited);
    limited.clock.set(Math.ceil((Date.now() + 1) / 60_000) * 60_000 + 1_000);
    const address = uniqueAddress();
    const answers = [];
    for (let i = 0; i < 8; i++) {
      const rotating = deviceClient(
        limited,
        evento.apiKey,
        tokenHeaders(device.token, { 'x-device-id': `rotado-${i}-${newScanId()}` }),
        address,
      );
      answers.push(await rotating.consume({ qrCode: ticket.qrCode, scanId: newScanId() }));
    }
    expect(tally(answers)).toEqual({ 200: 5, 429: 3 });
    expect(await consumoRows(limited.db, ticket.id)).toHaveLength(5);
    const other = await pairDevice(limited.db, evento.id);
    const fresh = deviceClient(limited, evento.apiKey, tokenHeaders(other.token), address);
    expect((await fresh.event()).statusCode).toBe(200);
  });
});
