import { formatTime } from '@drinkflow/domain/dates';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consumoRows } from '../support/scan-rows';
import { decisionOf, expectScan, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { MINUTE } from '../support/time';

// docs/rules/scan-rules.md, docs/rules/scanner.md: POST /api/scanner/{apiKey}/consume answers every scan with the one rule
// function's decision; a refused drink is still 200 with success false and records nothing.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});

afterAll(() => t.close());

beforeEach(() => {
  t.clock.reset();
});

const plus = (instant: Date, ms: number) => new Date(instant.getTime() + ms);

describe('por_cantidad tickets', () => {
  it('serves maxDrinks drinks counting remainingDrinks down, then refuses with agotado', async () => {
    const { scanner, ticket } = await scannerSetup(t, { tipo: { modo: 'por_cantidad', maxDrinks: 3 } });

    const first = await scanner.consume({ qrCode: ticket.qrCode });
    expect(first.statusCode, first.body).toBe(200);
    expect(decisionOf(first)).toEqual({
      success: true,
      canConsume: true,
      message: 'Consumo registrado',
      reason: 'ok',
      remainingDrinks: 2,
      tipoBebida: 'copa',
    });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), {
      success: true,
      canConsume: true,
      reason: 'ok',
      remainingDrinks: 1,
    });
    // The last drink is served; none could be served after it.
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), {
      success: true,
      canConsume: false,
      reason: 'ok',
      remainingDrinks: 0,
    });

    const refused = await scanner.consume({ qrCode: ticket.qrCode });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(decisionOf(refused)).toEqual({
      success: false,
      canConsume: false,
      message: 'Límite de bebidas alcanzado',
      reason: 'agotado',
      remainingDrinks: 0,
      tipoBebida: 'copa',
    });
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(3);
  });

  it('has no nextAllowedTime and echoes the scanId the device sent', async () => {
    const { scanner, ticket } = await scannerSetup(t);

    const body = expectScan(await scanner.consume({ qrCode: ticket.qrCode, scanId: 'escaneo-123' }), {
      success: true,
      scanId: 'escaneo-123',
    });

    expect(body).not.toHaveProperty('nextAllowedTime');
  });

  it('records the drink with its tipoBebida, barra and the clock’s time', async () => {
    const { scanner, ticket, evento } = await scannerSetup(t);
    const at = t.clock.now();

    expectScan(
      await scanner.consume({ qrCode: ticket.qrCode, tipoBebida: 'cerveza', barra: 'Barra Norte' }),
      {
        success: true,
        tipoBebida: 'cerveza',
      },
    );

    expect(await consumoRows(t.db, ticket.id)).toEqual([
      {
        id: expect.any(Number),
        ticketId: ticket.id,
        eventoId: evento.id,
        tipoBebida: 'cerveza',
        timestamp: at,
        barra: 'Barra Norte',
        offline: false,
        conflicto: null,
        // No device token: the request named no device (docs/decisions/062).
        dispositivoId: null,
        usuarioId: null,
        trasRevocacion: false,
      },
    ]);
  });
});

describe('temporal tickets (barra libre)', () => {
  it('serves any number of drinks inside the window, without remainingDrinks or nextAllowedTime', async () => {
    const { scanner, ticket } = await scannerSetup(t, {
      tipo: { modo: 'temporal', maxDrinks: null, durationMinutes: 120 },
    });

    for (let i = 0; i < 6; i++) {
      t.clock.advance(MINUTE);
      const res = await scanner.consume({ qrCode: ticket.qrCode });
      expect(res.statusCode, res.body).toBe(200);
      expect(decisionOf(res)).toEqual({
        success: true,
        canConsume: true,
        message: 'Consumo registrado',
        reason: 'ok',
        tipoBebida: 'copa',
      });
    }
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(6);
  });

  it('accepts the alias barra_libre_tiempo as temporal', async () => {
    const { scanner, ticket, tipo } = await scannerSetup(t, {
      tipo: { modo: 'barra_libre_tiempo', maxDrinks: null, durationMinutes: 60 },
    });

    expect(tipo.modo).toBe('temporal');
    const body = expectScan(await scanner.consume({ qrCode: ticket.qrCode }), {
      success: true,
      reason: 'ok',
    });
    expect(body).not.toHaveProperty('remainingDrinks');
  });
});

describe('intervalos_controlados tickets', () => {
  const tipoIntervalos = {
    modo: 'intervalos_controlados',
    maxDrinks: null,
    durationMinutes: 180,
    drinkIntervalMinutes: 30,
  };

  it('serves one drink, then refuses with intervalo until last + interval', async () => {
    const { scanner, ticket } = await scannerSetup(t, { tipo: tipoIntervalos });
    const start = t.clock.now();

    // maxDrinks = floor(180 / 30) = 6.
    const first = await scanner.consume({ qrCode: ticket.qrCode });
    expect(first.statusCode, first.body).toBe(200);
    expect(decisionOf(first)).toEqual({
      success: true,
      canConsume: false,
      message: 'Consumo registrado',
      reason: 'ok',
      remainingDrinks: 5,
      nextAllowedTime: plus(start, 30 * MINUTE).toISOString(),
      tipoBebida: 'copa',
    });

    t.clock.advance(10 * MINUTE);
    const early = await scanner.consume({ qrCode: ticket.qrCode });
    expect(early.statusCode, early.body).toBe(200);
    expect(decisionOf(early)).toEqual({
      success: false,
      canConsume: false,
      message: `Debe esperar hasta las ${formatTime(plus(start, 30 * MINUTE))} para la siguiente bebida`,
      reason: 'intervalo',
      remainingDrinks: 5,
      nextAllowedTime: plus(start, 30 * MINUTE).toISOString(),
      tipoBebida: 'copa',
    });

    t.clock.set(plus(start, 30 * MINUTE - 1));
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: false, reason: 'intervalo' });

    t.clock.set(plus(start, 30 * MINUTE));
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), {
      success: true,
      canConsume: false,
      reason: 'ok',
      remainingDrinks: 4,
      nextAllowedTime: plus(start, 60 * MINUTE).toISOString(),
    });
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(2);
  });

  it('refuses with agotado once maxDrinks were served, even after the interval', async () => {
    const { scanner, ticket } = await scannerSetup(t, {
      tipo: { ...tipoIntervalos, maxDrinks: 2, drinkIntervalMinutes: 5 },
    });

    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true, remainingDrinks: 1 });
    t.clock.advance(5 * MINUTE);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true, remainingDrinks: 0 });
    t.clock.advance(30 * MINUTE);

    const res = await scanner.consume({ qrCode: ticket.qrCode });

    expect(res.statusCode, res.body).toBe(200);
    expect(decisionOf(res)).toEqual({
      success: false,
      canConsume: false,
      message: 'Límite de bebidas alcanzado',
      reason: 'agotado',
      remainingDrinks: 0,
      tipoBebida: 'copa',
    });
  });

  it('accepts the alias barra_libre_controlada as intervalos_controlados', async () => {
    const { scanner, ticket, tipo } = await scannerSetup(t, {
      tipo: { ...tipoIntervalos, modo: 'barra_libre_controlada' },
    });

    expect(tipo.modo).toBe('intervalos_controlados');
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: false, reason: 'intervalo' });
  });
});
