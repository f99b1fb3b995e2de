import { scannerMessages } from '@drinkflow/domain/scanner';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consumoRows, scanLogRows } from '../support/scan-rows';
import { decisionOf, expectScan, newScanId, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';

// docs/rules/scanner.md, docs/rules/offline-and-field.md and docs/decisions/029: the consume answer carries the ticket as it is after
// the scan (holder, type, drinks), so quick mode shows it without asking again; a repeated scanId
// of a drink that was undone answers `deshecho`, never green.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.reset();
});

describe('the consume answer', () => {
  it('carries the holder, the ticket type and the drinks including this one, with its bar', async () => {
    const { scanner, ticket, tipo } = await scannerSetup(t, {
      tipo: { modo: 'por_cantidad', maxDrinks: 2 },
      order: { nombreCompleto: 'Carmen Vidal' },
    });

    const first = await scanner.consume({ qrCode: ticket.qrCode, barra: 'Barra Norte', scanId: newScanId() });
    const [consumo] = await consumoRows(t.db, ticket.id);
    expect(first.json()).toMatchObject({
      success: true,
      remainingDrinks: 1,
      ticket: { id: ticket.id, estado: 'activo', titular: 'Carmen Vidal' },
      tipoTicket: { nombre: tipo.nombre, modo: 'por_cantidad', maxDrinks: 2 },
      consumos: [
        {
          id: consumo!.id,
          tipoBebida: 'copa',
          barra: 'Barra Norte',
          timestamp: consumo!.timestamp.toISOString(),
        },
      ],
    });

    const second = await scanner.consume({ qrCode: ticket.qrCode, barra: 'Terraza' });
    expect(second.json()).toMatchObject({ success: true, ticket: { estado: 'agotado' } });
    expect(second.json().consumos.map((row: { barra: string }) => row.barra)).toEqual([
      'Barra Norte',
      'Terraza',
    ]);

    const refused = await scanner.consume({ qrCode: ticket.qrCode });
    expect(refused.json()).toMatchObject({
      success: false,
      reason: 'agotado',
      ticket: { titular: 'Carmen Vidal' },
    });
    expect(refused.json().consumos).toHaveLength(2);
  });

  it('keeps the ticket out of the scan log: the log holds the decision only', async () => {
    const { scanner, ticket, evento } = await scannerSetup(t);
    const res = await scanner.consume({ qrCode: ticket.qrCode, scanId: newScanId() });
    const [row] = await scanLogRows(t.db, evento.id);
    expect(row!.response).toEqual(decisionOf(res));
  });
});

describe('a repeated scanId of a drink that was undone', () => {
  it("answers success false, reason 'deshecho', 'Este consumo se deshizo', and records nothing", async () => {
    const { scanner, ticket, evento } = await scannerSetup(t);
    const scan = { qrCode: ticket.qrCode, scanId: newScanId(), deviceId: 'movil-1', barra: 'Terraza' };
    expectScan(await scanner.consume(scan), { success: true });
    expect((await scanner.undo({ scanId: scan.scanId, deviceId: 'movil-1' })).statusCode).toBe(200);
    const logged = await scanLogRows(t.db, evento.id);

    const replay = await scanner.consume(scan);

    expect(decisionOf(replay)).toEqual({
      success: false,
      canConsume: true,
      message: scannerMessages.undone,
      reason: 'deshecho',
      tipoBebida: 'copa',
      scanId: scan.scanId,
    });
    expect(replay.json()).toMatchObject({ ticket: { estado: 'activo' }, consumos: [] });
    expect(await consumoRows(t.db, ticket.id)).toEqual([]);
    expect(await scanLogRows(t.db, evento.id)).toEqual(logged);
    // Again: still no drink.
    expect(decisionOf(await scanner.consume(scan))).toMatchObject({ success: false, reason: 'deshecho' });
  });
});
