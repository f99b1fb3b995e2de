import { scannerMessages } from '@drinkflow/domain/scanner';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectApiError, expectFieldError } from '../support/api';
import { uniqueAddress } from '../support/unique-values';
import { consumoRows, scanLogRows } from '../support/scan-rows';
import { decisionOf, expectScan, newScanId, scannerClient, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { MINUTE } from '../support/time';

// docs/rules/scanner.md: a client-generated scanId makes a retried scan harmless, and the device that
// recorded a drink may undo it within 2 minutes.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.reset();
});

const intervalTipo = {
  modo: 'intervalos_controlados',
  maxDrinks: null,
  durationMinutes: 180,
  drinkIntervalMinutes: 30,
};

describe('a repeated scanId', () => {
  it('returns exactly the first answer and records no new consumption or log row', async () => {
    const { scanner, ticket, evento } = await scannerSetup(t);
    const body = { qrCode: ticket.qrCode, scanId: newScanId(), barra: 'Barra Norte', deviceId: 'movil-1' };

    const first = await scanner.consume(body);
    expectScan(first, { success: true, remainingDrinks: 3, scanId: body.scanId });
    t.clock.advance(5_000);
    const again = await scanner.consume(body);

    expect(again.statusCode, again.body).toBe(200);
    expect(decisionOf(again)).toEqual(decisionOf(first));
    expect(again.body).toBe(first.body);
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(1);
    expect(await scanLogRows(t.db, evento.id)).toHaveLength(1);
  });

  it('returns the first answer even after later scans changed the ticket', async () => {
    const { scanner, ticket } = await scannerSetup(t, { tipo: { maxDrinks: 2 } });
    const scanId = newScanId();
    const first = await scanner.consume({ qrCode: ticket.qrCode, scanId });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode, scanId: newScanId() }), { remainingDrinks: 0 });

    const replay = await scanner.consume({ qrCode: ticket.qrCode, scanId });

    expect(decisionOf(replay)).toEqual(decisionOf(first));
    expect(replay.json()).toMatchObject({ success: true, remainingDrinks: 1 });
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(2);
  });

  it('returns the first refusal even once the drink would be allowed, and serves nothing', async () => {
    const { scanner, ticket, evento } = await scannerSetup(t, { tipo: intervalTipo });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode, scanId: newScanId() }), { success: true });
    t.clock.advance(10 * MINUTE);
    const scanId = newScanId();
    const refused = await scanner.consume({ qrCode: ticket.qrCode, scanId });
    expectScan(refused, { success: false, reason: 'intervalo' });

    t.clock.advance(30 * MINUTE);
    const replay = await scanner.consume({ qrCode: ticket.qrCode, scanId });

    expect(decisionOf(replay)).toEqual(decisionOf(refused));
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(1);
    expect(await scanLogRows(t.db, evento.id)).toHaveLength(2);
  });

  it('answers 409 when the same scanId comes with another QR code, and records nothing', async () => {
    const { scanner, tickets, evento } = await scannerSetup(t, { quantity: 2 });
    const scanId = newScanId();
    expectScan(await scanner.consume({ qrCode: tickets[0]!.qrCode, scanId }), { success: true });

    const res = await scanner.consume({ qrCode: tickets[1]!.qrCode, scanId });

    expectApiError(res, 409, 'conflict');
    expect(await consumoRows(t.db, tickets[1]!.id)).toEqual([]);
    expect(await scanLogRows(t.db, evento.id)).toHaveLength(1);
  });

  it('is unique per event: the same scanId at another event is a new scan', async () => {
    const first = await scannerSetup(t);
    const second = await scannerSetup(t, { owner: first.owner });
    const scanId = newScanId();

    expectScan(await first.scanner.consume({ qrCode: first.ticket.qrCode, scanId }), { success: true });
    expectScan(await second.scanner.consume({ qrCode: second.ticket.qrCode, scanId }), { success: true });

    expect(await consumoRows(t.db, first.ticket.id)).toHaveLength(1);
    expect(await consumoRows(t.db, second.ticket.id)).toHaveLength(1);
  });

  it('gives ten simultaneous retries of one scanId one drink and the same answer', async () => {
    const { scanner, ticket, evento } = await scannerSetup(t);
    const body = { qrCode: ticket.qrCode, scanId: newScanId(), deviceId: 'movil-reintentos' };

    const responses = await Promise.all(Array.from({ length: 10 }, () => scanner.consume(body)));

    expect(responses.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    const first = decisionOf(responses[0]!);
    expect(first).toMatchObject({ success: true, remainingDrinks: 3, scanId: body.scanId });
    for (const res of responses) expect(decisionOf(res)).toEqual(first);
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(1);
    expect(await scanLogRows(t.db, evento.id)).toHaveLength(1);
  });
});

describe('POST /api/scanner/{apiKey}/undo', () => {
  async function servedScan(options: Parameters<typeof scannerSetup>[1] = {}) {
    const setup = await scannerSetup(t, options);
    const scan = {
      qrCode: setup.ticket.qrCode,
      scanId: newScanId(),
      deviceId: 'movil-barra-1',
      barra: 'Barra Sur',
    };
    expectScan(await setup.scanner.consume(scan), { success: true });
    return { ...setup, scan };
  }

  it('undoes a drink from the same device within 2 minutes: the row is gone and the log says so', async () => {
    const { scanner, scan, ticket, evento } = await servedScan();
    t.clock.advance(90_000);

    const res = await scanner.undo({ scanId: scan.scanId, deviceId: scan.deviceId });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ undone: true, message: expect.any(String) });
    expect(await consumoRows(t.db, ticket.id)).toEqual([]);
    const log = await scanLogRows(t.db, evento.id);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      accion: 'consumo',
      scanId: scan.scanId,
      allowed: true,
      consumoId: null,
      undoneAt: expect.any(Date),
    });
    expect(log[1]).toMatchObject({ accion: 'deshacer', deviceId: scan.deviceId });
  });

  it('gives a por_cantidad ticket its drink back', async () => {
    const { scanner, scan, ticket } = await servedScan({ tipo: { maxDrinks: 1 } });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: false, reason: 'agotado' });

    expect((await scanner.undo({ scanId: scan.scanId, deviceId: scan.deviceId })).statusCode).toBe(200);

    expect((await scanner.ticket(ticket.qrCode)).json()).toMatchObject({
      ticket: { estado: 'activo' },
      consumos: [],
    });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true, remainingDrinks: 0 });
  });

  it('lets an interval ticket drink again at once after the undo', async () => {
    const { scanner, scan, ticket } = await servedScan({ tipo: intervalTipo });
    t.clock.advance(MINUTE);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: false, reason: 'intervalo' });

    expect((await scanner.undo({ scanId: scan.scanId, deviceId: scan.deviceId })).statusCode).toBe(200);

    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true, remainingDrinks: 5 });
  });

  it('answers 409 later than 2 minutes after the scan and keeps the drink', async () => {
    const { scanner, scan, ticket } = await servedScan();
    t.clock.advance(2 * MINUTE + 10_000);

    const res = await scanner.undo({ scanId: scan.scanId, deviceId: scan.deviceId });

    expectApiError(res, 409, 'conflict');
    expect(res.json().message).toBe(scannerMessages.undoTooLate);
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(1);
  });

  it('answers 409 to another device, and the scanning device can still undo', async () => {
    const { scanner, scan, ticket } = await servedScan();

    const other = await scanner.undo({ scanId: scan.scanId, deviceId: 'movil-de-otro' });

    expectApiError(other, 409, 'conflict');
    expect(other.json().message).toBe(scannerMessages.undoTooLate);
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(1);
    expect((await scanner.undo({ scanId: scan.scanId, deviceId: scan.deviceId })).statusCode).toBe(200);
  });

  it('answers 409 to undoing twice, and the second changes nothing', async () => {
    const { scanner, scan, evento, ticket } = await servedScan({ quantity: 1, tipo: { maxDrinks: 5 } });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true });
    expect((await scanner.undo({ scanId: scan.scanId, deviceId: scan.deviceId })).statusCode).toBe(200);
    const [original] = await scanLogRows(t.db, evento.id);
    t.clock.advance(10_000);

    const res = await scanner.undo({ scanId: scan.scanId, deviceId: scan.deviceId });

    expectApiError(res, 409, 'conflict');
    expect(res.json().message).toBe(scannerMessages.undoTooLate);
    // The other drink still counts; the original scan keeps its first undo time.
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(1);
    expect((await scanLogRows(t.db, evento.id))[0]).toEqual(original);
    expect((await scanLogRows(t.db, evento.id)).filter((row) => row.accion === 'deshacer')).toHaveLength(1);
  });

  it('answers 409 to undoing a refused scan', async () => {
    const { scanner, ticket } = await scannerSetup(t, { tipo: { drinkType: 'cerveza' } });
    const scan = { qrCode: ticket.qrCode, scanId: newScanId(), deviceId: 'movil-1', tipoBebida: 'copa' };
    expectScan(await scanner.consume(scan), { success: false, reason: 'tipo_bebida' });

    const res = await scanner.undo({ scanId: scan.scanId, deviceId: scan.deviceId });

    expectApiError(res, 409, 'conflict');
    expect(res.json().message).toBe(scannerMessages.undoTooLate);
  });

  it('answers 404 to an unknown scanId, and to a scanId of another event', async () => {
    const { scan, owner } = await servedScan();
    const other = await scannerSetup(t, { owner });

    const unknown = await other.scanner.undo({ scanId: newScanId(), deviceId: 'movil-1' });
    expectApiError(unknown, 404, 'not_found');
    expect(unknown.json().message).toBe(scannerMessages.undoUnknown);

    expectApiError(
      await other.scanner.undo({ scanId: scan.scanId, deviceId: scan.deviceId }),
      404,
      'not_found',
    );
  });

  it('answers 404 with the invalid-key message for an unknown API key', async () => {
    const { scan } = await servedScan();

    const res = await scannerClient(t, 'clave-desconocida', uniqueAddress()).undo({
      scanId: scan.scanId,
      deviceId: scan.deviceId,
    });

    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: scannerMessages.invalidKey });
  });

  it('answers 400 with Spanish field details to a body without scanId or deviceId', async () => {
    const { scanner } = await scannerSetup(t);

    expectFieldError(
      await scanner.undo({ scanId: newScanId() }),
      'deviceId',
      'El identificador del dispositivo es obligatorio',
    );
    expectFieldError(
      await scanner.undo({ deviceId: 'movil-1', scanId: '  ' }),
      'scanId',
      'El identificador de escaneo es obligatorio',
    );
  });
});
