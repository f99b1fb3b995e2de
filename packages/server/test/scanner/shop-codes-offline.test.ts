import { decideOfflineScan, OFFLINE_NOT_FOUND, verifyOffline } from '@drinkflow/domain/offline-decision';
import { scannerMessages } from '@drinkflow/domain/scanner';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectApiError } from '../support/api';
import { consumoRows } from '../support/scan-rows';
import { expectScan, newScanId, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { insertTicket } from '../support/stored-rows';
import { MINUTE } from '../support/time';
import { expectOfflineData, offline } from './offline-data-fixtures';

// docs/decisions/069 with docs/rules/offline-and-field.md: a shop's code is found in the offline
// data exactly as the server finds it online — trimmed, its case kept — so a bar without network
// serves the ticket the door let in, and its upload lands on the same ticket.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.reset();
});

/** An Eventbrite barcode: 20 digits, leading zeros included. */
const BARCODE = '00042071234567890123';
const SHORT_CODE = 'Ab3dE5g7';

describe('a shop’s code without network', () => {
  it('serves the ticket scanned online, decided offline from the downloaded data, and uploads to it', async () => {
    const setup = await scannerSetup(t);
    const ticket = await insertTicket(t.db, setup.pedido.id, setup.tipo.id, 'activo', BARCODE);
    expectScan(await setup.scanner.consume({ qrCode: BARCODE }), { success: true, remainingDrinks: 3 });
    const data = expectOfflineData(await offline(t, setup.evento.apiKey));

    t.clock.advance(10 * MINUTE);
    const decided = await decideOfflineScan({
      data,
      qrCode: ` ${BARCODE}\n`,
      localDrinks: [],
      now: t.clock.now(),
      barra: 'Terraza',
    });

    expect(decided.found).toBe(true);
    if (!decided.found) return;
    expect(decided.result).toMatchObject({
      success: true,
      remainingDrinks: 2,
      ticket: { id: ticket.id, titular: 'Lucía Fernández' },
    });
    const drink = decided.drink!;
    const uploaded = await setup.scanner.consume({
      qrCode: BARCODE,
      scanId: newScanId(),
      deviceId: 'movil-terraza',
      tipoBebida: drink.tipoBebida,
      barra: drink.barra,
      offline: true,
      escaneadoEn: drink.timestamp,
    });
    expectScan(uploaded, { success: true, conflicto: false, remainingDrinks: 2 });
    const stored = await consumoRows(t.db, ticket.id);
    expect(stored.map((row) => [row.offline, row.timestamp.toISOString(), row.barra])).toEqual([
      [false, expect.any(String), null],
      [true, drink.timestamp, 'Terraza'],
    ]);
  });

  it('finds a short code only in its own case, offline as online', async () => {
    const setup = await scannerSetup(t);
    const ticket = await insertTicket(t.db, setup.pedido.id, setup.tipo.id, 'activo', SHORT_CODE);
    const data = expectOfflineData(await offline(t, setup.evento.apiKey));
    const verify = (qrCode: string) => verifyOffline({ data, qrCode, localDrinks: [], now: t.clock.now() });

    const found = await verify(`${SHORT_CODE}\t`);
    expect(found.found && found.response.ticket).toMatchObject({ id: ticket.id, titular: 'Lucía Fernández' });
    expect(await verify(SHORT_CODE.toUpperCase())).toEqual({ found: false, message: OFFLINE_NOT_FOUND });
    expect(await verify(SHORT_CODE.toLowerCase())).toEqual({ found: false, message: OFFLINE_NOT_FOUND });

    const online = await setup.scanner.ticket(SHORT_CODE.toUpperCase());
    expectApiError(online, 404, 'not_found');
    expect(online.json().message).toBe(scannerMessages.ticketNotFound);
    expect(OFFLINE_NOT_FOUND).toBe(scannerMessages.ticketNotFound);
  });
});
