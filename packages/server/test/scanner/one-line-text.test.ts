import { SINGLE_LINE_TEXT_MESSAGE } from '@drinkflow/domain/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidationError } from '../support/api';
import { consumoRows, scanLogRows } from '../support/scan-rows';
import { newScanId, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';

// docs/decisions/052: the bar, the drink and the device a scan names are shown in statistics,
// exports and alerts, so they are one-line text like every name: no control or bidirectional
// character reaches the drinks or the scan log.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());

describe('a scan naming its bar, drink or device', () => {
  it.each(['barra', 'tipoBebida', 'deviceId', 'scanId'])(
    'refuses %s with CR/LF, ESC or U+202E, and records nothing',
    async (field) => {
      const { scanner, ticket, evento } = await scannerSetup(t);
      for (const hostile of ['\r\nBcc: x', '\u001B[31m', '\u202Eetnom']) {
        const res = await scanner.consume({
          qrCode: ticket.qrCode,
          scanId: newScanId(),
          [field]: `Norte${hostile}`,
        });
        const body = expectValidationError(res, field);
        expect(body.details).toContainEqual({ field, message: SINGLE_LINE_TEXT_MESSAGE });
      }
      expect(await consumoRows(t.db, ticket.id)).toHaveLength(0);
      expect(await scanLogRows(t.db, evento.id)).toHaveLength(0);
    },
  );

  it('refuses a lookup whose bar holds a control character', async () => {
    const { ticket, evento } = await scannerSetup(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/scanner/${evento.apiKey}/ticket/${encodeURIComponent(ticket.qrCode)}?barra=VIP%07`,
    });
    expectValidationError(res, 'barra');
  });
});
