import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { ticketTypeBody } from '../support/ticket-types';
import { expectScan, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';

// docs/decisions/021: 'Ajustar límites' on the statistics page works during the event because the
// scanner reads the ticket's type at scan time: a changed limit applies to the very next scan.

let t: ScannerTestApp;

beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a ticket type changed during the event', () => {
  it('raises the limit for the very next scan, and lowers it again', async () => {
    const { owner, evento, tipo, ticket, scanner } = await scannerSetup(t, { tipo: { maxDrinks: 2 } });
    const setLimit = async (maxDrinks: number) => {
      const body = ticketTypeBody(evento, { nombre: tipo.nombre, maxDrinks });
      const res = await call(t, owner, 'PUT', `/api/tipos-ticket/${tipo.id}`, body);
      expect(res.statusCode, res.body).toBe(200);
    };

    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true, remainingDrinks: 1 });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true, remainingDrinks: 0 });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: false, reason: 'agotado' });

    await setLimit(3);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true, remainingDrinks: 0 });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: false, reason: 'agotado' });

    await setLimit(5);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true, remainingDrinks: 1 });

    // Lowered below what was already served: the next scan is refused at once.
    await setLimit(2);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: false, reason: 'agotado' });
  });
});
