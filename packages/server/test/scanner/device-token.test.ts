import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumoRows, scanLogRows } from '../support/scan-rows';
import { expectScan, newScanId, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { expectApiError } from '../support/api';
import { deviceClient, linkDevices, pairDevice, tokenHeaders } from './device-fixtures';

// docs/decisions/062: a paired scanner sends its token on every call; every drink and every scan-log
// row it causes — a known ticket's one-statement record, a first read, a refusal, an unknown code,
// an undo, an offline upload — carries the device and its person.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(async () => {
  await t?.close();
});

async function pairedSetup(tipo: Record<string, unknown> = { modo: 'por_cantidad', maxDrinks: 2 }) {
  t.clock.reset();
  const setup = await scannerSetup(t, { tipo });
  const device = await pairDevice(t.db, setup.evento.id, {
    usuarioId: setup.owner.user.id,
    barra: 'Terraza',
  });
  // The page's own random id rides along; the token, not the id, names the device.
  const scanner = deviceClient(
    t,
    setup.evento.apiKey,
    tokenHeaders(device.token, { 'x-device-id': 'movil-1' }),
  );
  return { ...setup, device, paired: scanner };
}

describe('a device token names the device of every row', () => {
  it('marks drinks and log rows of a first read, a known ticket, a refusal, an unknown code and an undo', async () => {
    const { ticket, device, paired, owner, evento } = await pairedSetup();
    const who = { dispositivoId: device.id, usuarioId: owner.user.id };

    // First read (the event and the ticket in one statement, then the record).
    const first = newScanId();
    expectScan(await paired.consume({ qrCode: ticket.qrCode, scanId: first }), { success: true });
    // Known ticket (decided from memory, one statement).
    expectScan(await paired.consume({ qrCode: ticket.qrCode, scanId: newScanId() }), { success: true });
    // A refusal (the limit is reached).
    expectScan(await paired.consume({ qrCode: ticket.qrCode, scanId: newScanId() }), { success: false });
    // An unknown code: 404, logged.
    expectApiError(await paired.consume({ qrCode: 'NO-EXISTE', scanId: newScanId() }), 404);
    // The undo of the first drink, from the same device whatever id its body gives.
    const undone = await paired.undo({ scanId: first, deviceId: 'otro-id-cualquiera' });
    expect(undone.statusCode, undone.body).toBe(200);

    const drinks = await consumoRows(t.db, ticket.id);
    expect(drinks).toHaveLength(1);
    expect(drinks[0]).toMatchObject({ ...who, trasRevocacion: false });
    const log = await scanLogRows(t.db, evento.id);
    expect(log.map((row) => [row.accion, row.reason])).toEqual([
      ['consumo', 'ok'],
      ['consumo', 'ok'],
      ['consumo', 'agotado'],
      ['consumo', 'no_encontrado'],
      ['deshacer', 'deshecho'],
    ]);
    for (const row of log) expect(row).toMatchObject(who);
  });

  it('marks an offline upload, a lookup and the event call record nothing', async () => {
    const { ticket, device, paired, owner, evento } = await pairedSetup();
    expect((await paired.event()).statusCode).toBe(200);
    expect((await paired.ticket(ticket.qrCode)).statusCode).toBe(200);
    const at = t.clock.now().getTime() - 5 * 60_000;
    expectScan(
      await paired.consume({
        qrCode: ticket.qrCode,
        scanId: newScanId(),
        offline: true,
        escaneadoEn: new Date(at).toISOString(),
      }),
      { success: true },
    );
    const [drink] = await consumoRows(t.db, ticket.id);
    expect(drink).toMatchObject({ offline: true, dispositivoId: device.id, usuarioId: owner.user.id });
    const [row] = await scanLogRows(t.db, evento.id);
    expect(row).toMatchObject({ offline: true, dispositivoId: device.id, usuarioId: owner.user.id });
  });

  it('a device of no person records a null person', async () => {
    t.clock.reset();
    const setup = await scannerSetup(t);
    const device = await pairDevice(t.db, setup.evento.id);
    const paired = deviceClient(t, setup.evento.apiKey, tokenHeaders(device.token));
    expectScan(await paired.consume({ qrCode: setup.ticket.qrCode, scanId: newScanId() }), { success: true });
    const [drink] = await consumoRows(t.db, setup.ticket.id);
    expect(drink).toMatchObject({ dispositivoId: device.id, usuarioId: null });
  });

  it('a token request creates no link device row; the undo of another device is refused', async () => {
    const { ticket, paired, evento, device } = await pairedSetup();
    const scanId = newScanId();
    expectScan(await paired.consume({ qrCode: ticket.qrCode, scanId }), { success: true });
    expect((await linkDevices(t.db, evento.id)).map((row) => row.id)).toEqual([device.id]);
    // Another paired device, with the same page id in the body, may not undo it.
    const other = await pairDevice(t.db, evento.id);
    const stranger = deviceClient(t, evento.apiKey, tokenHeaders(other.token));
    expectApiError(await stranger.undo({ scanId, deviceId: 'movil-1' }), 409);
    // Nor may a link device that names the id the page sent.
    const link = deviceClient(t, evento.apiKey, { 'x-device-id': 'movil-1' });
    expectApiError(await link.undo({ scanId, deviceId: 'movil-1' }), 409);
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(1);
  });
});

describe('link devices', () => {
  it('get a dispositivos row the first time the event sees them, and their drinks carry it', async () => {
    t.clock.reset();
    const setup = await scannerSetup(t);
    const link = deviceClient(t, setup.evento.apiKey, { 'x-device-id': 'a1b2c3d4e5f6-movil' });
    expectScan(await link.consume({ qrCode: setup.ticket.qrCode, scanId: newScanId(), barra: 'Norte' }), {
      success: true,
    });
    expectScan(await link.consume({ qrCode: setup.ticket.qrCode, scanId: newScanId() }), { success: true });
    const rows = await linkDevices(t.db, setup.evento.id);
    expect(rows).toEqual([
      expect.objectContaining({
        tipo: 'enlace',
        nombre: 'Enlace a1b2c3d4',
        barra: 'Norte',
        deviceId: 'a1b2c3d4e5f6-movil',
        tokenHash: null,
        usuarioId: null,
        revocadoEn: null,
      }),
    ]);
    const drinks = await consumoRows(t.db, setup.ticket.id);
    expect(drinks.map((drink) => drink.dispositivoId)).toEqual([rows[0]!.id, rows[0]!.id]);
  });
});
