import { offlineUploadMessages } from '@drinkflow/domain/scanner';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pedidos } from '../../src/db/schema';
import { expectApiError, expectFieldError } from '../support/api';
import { consumoRows, scanLogRows } from '../support/scan-rows';
import { expectScan, newScanId, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { MINUTE } from '../support/time';
import { deviceClient, pairDevice, tokenHeaders } from './device-fixtures';
import { download, NOW, statsOf, upload } from './offline-uploads';

// docs/rules/offline-and-field.md, docs/decisions/067: a scan the device refused offline reaches the
// scan log when it syncs, through the drinks' own upload with `rechazo`: once per scanId, marked
// offline, at its scan time, with its bar, device and person; nothing is served.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp({ scannerRateLimit: 0 });
});

afterAll(() => t.close());

beforeEach(() => {
  t.clock.set(NOW);
});

const refusedAt = NOW - 20 * MINUTE;

describe('an offline refusal', () => {
  it('is logged once, however often it is sent, marked offline at its scan time, and serves nothing', async () => {
    const setup = await scannerSetup(t, { tipo: { maxDrinks: 1 } });
    const refusal = upload(setup, refusedAt, { rechazo: 'agotado', barra: 'Terraza' });

    const first = expectScan(await setup.scanner.consume(refusal), {
      success: false,
      reason: 'agotado',
      message: `${offlineUploadMessages.refusal}: Límite de bebidas alcanzado`,
      scanId: refusal.scanId,
    });
    // A lost answer sent again, and a second sync at once: the first answer, nothing new.
    t.clock.advance(5 * MINUTE);
    const again = await Promise.all([setup.scanner.consume(refusal), setup.scanner.consume(refusal)]);
    for (const res of again) expect(expectScan(res)).toEqual(first);

    const log = await scanLogRows(t.db, setup.evento.id);
    expect(
      log.map(({ ticketId, scanId, allowed, reason, offline, conflicto, barra, createdAt, consumoId }) => ({
        ticketId,
        scanId,
        allowed,
        reason,
        offline,
        conflicto,
        barra,
        createdAt,
        consumoId,
      })),
    ).toEqual([
      {
        ticketId: setup.ticket.id,
        scanId: refusal.scanId,
        allowed: false,
        reason: 'agotado',
        offline: true,
        conflicto: null,
        barra: 'Terraza',
        createdAt: new Date(refusedAt),
        consumoId: null,
      },
    ]);
    expect(await consumoRows(t.db, setup.ticket.id)).toHaveLength(0);
    // The ticket still has its one drink: a refusal took nothing.
    expectScan(await setup.scanner.consume({ qrCode: setup.ticket.qrCode, scanId: newScanId() }), {
      success: true,
    });
  });

  it('carries the paired device and its person, and counts as a refusal in the statistics', async () => {
    const setup = await scannerSetup(t);
    const device = await pairDevice(t.db, setup.evento.id, {
      usuarioId: setup.owner.user.id,
      nombre: 'Móvil Terraza',
    });
    const bar = deviceClient(t, setup.evento.apiKey, tokenHeaders(device.token));
    const refusal = upload(setup, refusedAt, { rechazo: 'barra_no_permitida', deviceId: undefined });
    expectScan(await bar.consume(refusal), { success: false, reason: 'barra_no_permitida' });

    const [row] = await scanLogRows(t.db, setup.evento.id);
    expect(row).toMatchObject({ dispositivoId: device.id, usuarioId: setup.owner.user.id, offline: true });
    const stats = await statsOf(t, setup);
    expect(stats).toMatchObject({ totalConsumos: 0, rechazos: { barra_no_permitida: 1 } });
    expect(stats.porDispositivo).toEqual([
      expect.objectContaining({ dispositivoId: device.id, consumos: 0, rechazos: 1 }),
    ]);
  });

  it('is in escaneos.csv with its holder and Offline: Sí, beside an online drink (Offline: No)', async () => {
    const setup = await scannerSetup(t);
    expectScan(await setup.scanner.consume({ qrCode: setup.ticket.qrCode, scanId: newScanId() }), {
      success: true,
    });
    expectScan(await setup.scanner.consume(upload(setup, refusedAt, { rechazo: 'intervalo' })), {
      success: false,
    });

    const [header, ...rows] = await download(t, setup, 'escaneos');
    expect(header!.slice(-2)).toEqual(['Titular', 'Offline']);
    // 21:40 (the refusal's scan time) before 22:00 (the drink), in Madrid.
    expect(rows.map((row) => [row[0], row[2], row[3], row[8], row[9]])).toEqual([
      ['04/07/2030 21:40:00', 'Rechazado', 'Antes del intervalo entre bebidas', 'Lucía Fernández', 'Sí'],
      ['04/07/2030 22:00:00', 'Permitido', '', 'Lucía Fernández', 'No'],
    ]);
  });

  it('of a ticket deleted since is logged once as not found (404 each time)', async () => {
    const setup = await scannerSetup(t);
    const refusal = upload(setup, refusedAt, { rechazo: 'caducado' });
    await t.db.delete(pedidos).where(eq(pedidos.id, setup.pedido.id));

    expectApiError(await setup.scanner.consume(refusal), 404, 'not_found');
    expectApiError(await setup.scanner.consume(refusal), 404, 'not_found');
    const log = await scanLogRows(t.db, setup.evento.id);
    expect(log.map(({ reason, offline, scanId }) => ({ reason, offline, scanId }))).toEqual([
      { reason: 'no_encontrado', offline: true, scanId: refusal.scanId },
    ]);
  });
});

describe('the refusal field', () => {
  it.each([
    ['ok', 'ok'],
    ['an unknown reason', 'sin_motivo'],
    ['a number', 3],
  ])('refuses %s (400 on rechazo)', async (_, rechazo) => {
    const setup = await scannerSetup(t);
    const res = await setup.scanner.consume(upload(setup, refusedAt, { rechazo }));
    expectFieldError(res, 'rechazo', offlineUploadMessages.rechazoInvalid);
    expect(await scanLogRows(t.db, setup.evento.id)).toHaveLength(0);
  });

  it('is taken only with offline: true', async () => {
    const setup = await scannerSetup(t);
    const res = await setup.scanner.consume({ qrCode: setup.ticket.qrCode, rechazo: 'agotado' });
    expectFieldError(res, 'rechazo', offlineUploadMessages.rechazoOnlyOffline);
    expect(await scanLogRows(t.db, setup.evento.id)).toHaveLength(0);
  });

  it('left out (an older scanner) uploads a drink as before', async () => {
    const setup = await scannerSetup(t);
    expectScan(await setup.scanner.consume(upload(setup, refusedAt)), { success: true, conflicto: false });
    expect(await consumoRows(t.db, setup.ticket.id)).toHaveLength(1);
  });
});
