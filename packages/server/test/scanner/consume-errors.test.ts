import { scannerMessages } from '@drinkflow/domain/scanner';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, expectApiError, expectFieldError } from '../support/api';
import { uniqueAddress } from '../support/unique-values';
import { consumoRows, consumoRowsOfEvent, scanLogRows } from '../support/scan-rows';
import { expectScan, scannerClient, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';

// docs/rules/scanner.md: what POST /api/scanner/{apiKey}/consume answers when the key, the code or the body
// is wrong (docs/rules/api-conventions.md error bodies, Spanish field details).

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.reset();
});

describe('POST /api/scanner/{apiKey}/consume with a wrong key or code', () => {
  it('answers 404 with the Spanish message for an unknown API key and records nothing', async () => {
    const { ticket } = await scannerSetup(t);

    const res = await scannerClient(t, 'clave-inventada', uniqueAddress()).consume({ qrCode: ticket.qrCode });

    expectApiError(res, 404, 'not_found');
    expect(res.json()).toEqual({ error: 'not_found', message: scannerMessages.invalidKey });
    expect(await consumoRows(t.db, ticket.id)).toEqual([]);
  });

  it('answers 404 Ticket no encontrado for an unknown QR code', async () => {
    const { scanner } = await scannerSetup(t);

    const res = await scanner.consume({ qrCode: 'no-existe-este-codigo' });

    expectApiError(res, 404, 'not_found');
    expect(res.json()).toEqual({ error: 'not_found', message: scannerMessages.ticketNotFound });
  });

  it('answers 403 for a ticket of another event and serves nothing on either event', async () => {
    const first = await scannerSetup(t);
    const second = await scannerSetup(t, { owner: first.owner });

    const res = await first.scanner.consume({ qrCode: second.ticket.qrCode });

    expectApiError(res, 403, 'forbidden');
    expect(res.json()).toEqual({ error: 'forbidden', message: scannerMessages.otherEvent });
    expect(await consumoRows(t.db, second.ticket.id)).toEqual([]);
    expect(await consumoRowsOfEvent(t.db, first.evento.id)).toEqual([]);
    // The ticket still works at its own event.
    expectScan(await second.scanner.consume({ qrCode: second.ticket.qrCode }), { success: true });
  });

  it('refuses the old QR code after Regenerar QR with 404 and serves the new one', async () => {
    const { scanner, ticket, owner } = await scannerSetup(t);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true, remainingDrinks: 3 });

    const regenerated = await call(t, owner, 'PATCH', `/api/tickets/${ticket.id}/regenerate-qr`);
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const { qrCode } = regenerated.json<{ qrCode: string }>();

    const old = await scanner.consume({ qrCode: ticket.qrCode });
    expectApiError(old, 404, 'not_found');
    expect(old.json().message).toBe(scannerMessages.ticketNotFound);
    // Same ticket, same count: the drink scanned with the old code still counts.
    expectScan(await scanner.consume({ qrCode }), { success: true, remainingDrinks: 2 });
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(2);
  });

  it('accepts a QR code surrounded by spaces, as a handheld scanner may type it', async () => {
    const { scanner, ticket } = await scannerSetup(t);

    expectScan(await scanner.consume({ qrCode: `  ${ticket.qrCode}\t` }), { success: true });
  });
});

describe('POST /api/scanner/{apiKey}/consume with an invalid body', () => {
  it('answers 400 on barra longer than 60 characters and serves nothing', async () => {
    const { scanner, ticket, evento } = await scannerSetup(t);

    const res = await scanner.consume({ qrCode: ticket.qrCode, barra: 'B'.repeat(61) });

    expectFieldError(res, 'barra', 'El nombre de la barra no puede exceder 60 caracteres');
    expect(await consumoRows(t.db, ticket.id)).toEqual([]);
    expect(await scanLogRows(t.db, evento.id)).toEqual([]);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode, barra: 'B'.repeat(60) }), { success: true });
  });

  it.each([
    ['a missing qrCode', {}, 'qrCode', scannerMessages.qrRequired],
    ['a blank qrCode', { qrCode: '   ' }, 'qrCode', scannerMessages.qrRequired],
    ['a qrCode that is not text', { qrCode: 12345 }, 'qrCode', scannerMessages.qrRequired],
    [
      'a tipoBebida of 51 characters',
      { qrCode: 'x', tipoBebida: 'c'.repeat(51) },
      'tipoBebida',
      'El tipo de bebida no puede exceder 50 caracteres',
    ],
    [
      'a scanId of 101 characters',
      { qrCode: 'x', scanId: 's'.repeat(101) },
      'scanId',
      'El identificador de escaneo no es válido',
    ],
    [
      'a deviceId of 101 characters',
      { qrCode: 'x', deviceId: 'd'.repeat(101) },
      'deviceId',
      'El identificador del dispositivo no es válido',
    ],
  ])('answers 400 with a Spanish detail on %s', async (_case, body, field, message) => {
    const { scanner } = await scannerSetup(t);

    expectFieldError(await scanner.consume(body), field, message);
  });

  it('answers 400, not 500, to a body that is not a JSON object', async () => {
    const { evento } = await scannerSetup(t);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/scanner/${evento.apiKey}/consume`,
      headers: { 'content-type': 'application/json' },
      payload: '{"qrCode": ',
    });

    expectApiError(res, 400);
  });
});
