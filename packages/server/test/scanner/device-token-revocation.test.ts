import { deviceMessages } from '@drinkflow/domain/devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../support/api';
import { consumoRows, scanLogRows } from '../support/scan-rows';
import { expectScan, newScanId, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import {
  deviceClient,
  linkDevices,
  pairDevice,
  requireDevices,
  revokeDevice,
  tokenHeaders,
} from './device-fixtures';

// docs/decisions/062: revocation is read from the database on every call (any process sees it at
// once); "only authorized devices" refuses calls without a valid token; a revoked device's offline
// drinks scanned before its revocation are accepted and marked, later ones refused.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(async () => {
  await t?.close();
});

type Client = ReturnType<typeof deviceClient>;

/** Every scanner route's answer for `client` (the ticket's QR code for the ticket and the drinks). */
async function everyRoute(client: Client, qrCode: string, scanId: string) {
  return {
    event: await client.event(),
    ticket: await client.ticket(qrCode),
    consume: await client.consume({ qrCode, scanId: newScanId() }),
    offline: await client.offline(),
    undo: await client.undo({ scanId, deviceId: 'movil' }),
  };
}

function expectEvery401(answers: Awaited<ReturnType<typeof everyRoute>>, error: string, message: string) {
  for (const [route, res] of Object.entries(answers)) {
    expect(res.statusCode, `${route}: ${res.body}`).toBe(401);
    expect(expectApiError(res, 401, error).message).toBe(message);
  }
}

async function setupWithDevice() {
  t.clock.reset();
  const setup = await scannerSetup(t, { tipo: { modo: 'temporal', maxDrinks: null, durationMinutes: 360 } });
  const device = await pairDevice(t.db, setup.evento.id, { usuarioId: setup.owner.user.id });
  const paired = deviceClient(t, setup.evento.apiKey, tokenHeaders(device.token));
  return { ...setup, device, paired };
}

describe('only authorized devices', () => {
  it('refuses every route without a token, or with an unknown or another event’s token; a token passes', async () => {
    const { evento, ticket, paired } = await setupWithDevice();
    const scanId = newScanId();
    expectScan(await paired.consume({ qrCode: ticket.qrCode, scanId }), { success: true });
    await requireDevices(t.db, evento.id);

    const { required } = deviceMessages;
    const bare = deviceClient(t, evento.apiKey, { 'x-device-id': 'movil' });
    expectEvery401(await everyRoute(bare, ticket.qrCode, scanId), 'device_required', required);
    const unknown = deviceClient(t, evento.apiKey, tokenHeaders('x'.repeat(43)));
    expectEvery401(await everyRoute(unknown, ticket.qrCode, scanId), 'device_required', required);
    const elsewhere = await setupWithDevice();
    const foreign = deviceClient(t, evento.apiKey, tokenHeaders(elsewhere.device.token));
    expectEvery401(await everyRoute(foreign, ticket.qrCode, scanId), 'device_required', required);

    expect((await paired.event()).statusCode).toBe(200);
    expect((await paired.ticket(ticket.qrCode)).statusCode).toBe(200);
    expect((await paired.offline()).statusCode).toBe(200);
    expectScan(await paired.consume({ qrCode: ticket.qrCode, scanId: newScanId() }), { success: true });
    expect((await paired.undo({ scanId, deviceId: 'movil' })).statusCode).toBe(200);
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(1);
  });

  it('an unknown token is refused even when the event takes any device', async () => {
    const { evento } = await setupWithDevice();
    const unknown = deviceClient(t, evento.apiKey, tokenHeaders('y'.repeat(43)));
    expectApiError(await unknown.event(), 401, 'device_required');
  });
});

describe('a revoked device', () => {
  it('is refused on every route at its next call, a known ticket included, and records nothing more', async () => {
    const { ticket, paired, device } = await setupWithDevice();
    const scanId = newScanId();
    expectScan(await paired.consume({ qrCode: ticket.qrCode, scanId }), { success: true });
    // This process now knows the ticket: the next consume would be one statement.
    await revokeDevice(t.db, device.id);
    expectEvery401(await everyRoute(paired, ticket.qrCode, scanId), 'device_revoked', deviceMessages.revoked);
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(1);
  });

  it('has its offline drinks scanned before the revocation accepted and marked, later ones refused', async () => {
    const { ticket, paired, device, evento } = await setupWithDevice();
    const revokedAt = (await revokeDevice(t.db, device.id)).getTime();
    t.clock.set(revokedAt + 2 * 60_000);
    const upload = (ms: number) => ({
      qrCode: ticket.qrCode,
      scanId: newScanId(),
      offline: true,
      escaneadoEn: new Date(ms).toISOString(),
    });
    expectScan(await paired.consume(upload(revokedAt - 60_000)), { success: true });
    expectApiError(await paired.consume(upload(revokedAt + 1_000)), 401, 'device_revoked');
    // Online scans of a revoked device are refused whatever they claim.
    expectApiError(
      await paired.consume({ qrCode: ticket.qrCode, scanId: newScanId() }),
      401,
      'device_revoked',
    );

    const drinks = await consumoRows(t.db, ticket.id);
    expect(drinks).toEqual([
      expect.objectContaining({ offline: true, trasRevocacion: true, dispositivoId: device.id }),
    ]);
    const log = await scanLogRows(t.db, evento.id);
    expect(log).toEqual([expect.objectContaining({ trasRevocacion: true, dispositivoId: device.id })]);
  });

  it('a revoked link device id is refused; another id still scans', async () => {
    t.clock.reset();
    const setup = await scannerSetup(t);
    const link = deviceClient(t, setup.evento.apiKey, { 'x-device-id': 'movil-revocado' });
    expectScan(await link.consume({ qrCode: setup.ticket.qrCode, scanId: newScanId() }), { success: true });
    const [row] = await linkDevices(t.db, setup.evento.id);
    await revokeDevice(t.db, row!.id);
    expectEvery401(
      await everyRoute(link, setup.ticket.qrCode, newScanId()),
      'device_revoked',
      deviceMessages.revoked,
    );
    // The body's deviceId names it too when no header does.
    const bodyOnly = deviceClient(t, setup.evento.apiKey, {});
    expectApiError(
      await bodyOnly.consume({
        qrCode: setup.ticket.qrCode,
        scanId: newScanId(),
        deviceId: 'movil-revocado',
      }),
      401,
      'device_revoked',
    );
    const other = deviceClient(t, setup.evento.apiKey, { 'x-device-id': 'movil-nuevo' });
    expectScan(await other.consume({ qrCode: setup.ticket.qrCode, scanId: newScanId() }), { success: true });
    expect(await consumoRows(t.db, setup.ticket.id)).toHaveLength(2);
  });
});
