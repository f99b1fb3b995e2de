import { formatDateTime, formatTime } from '@drinkflow/domain/dates';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { consumoRows } from '../support/scan-rows';
import { decisionOf, expectScan, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { HOUR, MINUTE } from '../support/time';

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

describe('refusals before the count', () => {
  it('refuses an invalidated ticket with invalidado', async () => {
    const { scanner, ticket, owner } = await scannerSetup(t);
    const invalidated = await call(t, owner, 'PATCH', `/api/tickets/${ticket.id}/invalidate`);
    expect(invalidated.statusCode, invalidated.body).toBe(200);

    const res = await scanner.consume({ qrCode: ticket.qrCode });

    expect(res.statusCode, res.body).toBe(200);
    expect(decisionOf(res)).toEqual({
      success: false,
      canConsume: false,
      message: 'Ticket invalidado',
      reason: 'invalidado',
      tipoBebida: 'copa',
    });
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(0);
  });

  it('serves a reactivated ticket again', async () => {
    const { scanner, ticket, owner } = await scannerSetup(t);
    await call(t, owner, 'PATCH', `/api/tickets/${ticket.id}/invalidate`);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { reason: 'invalidado' });

    const reactivated = await call(t, owner, 'PATCH', `/api/tickets/${ticket.id}/reactivate`);
    expect(reactivated.statusCode, reactivated.body).toBe(200);

    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true, reason: 'ok' });
  });

  it('refuses before validoDesde with no_valido_aun and the start in the message, then serves from it on', async () => {
    const now = t.clock.now();
    const validoDesde = plus(now, HOUR);
    const { scanner, ticket, evento } = await scannerSetup(t, {
      tipo: { validoDesde: validoDesde.toISOString() },
    });
    expect(evento.fechaFin > validoDesde.toISOString()).toBe(true);

    const res = await scanner.consume({ qrCode: ticket.qrCode });

    expect(res.statusCode, res.body).toBe(200);
    expect(decisionOf(res)).toEqual({
      success: false,
      canConsume: false,
      message: `El ticket aún no es válido (desde ${formatDateTime(validoDesde)})`,
      reason: 'no_valido_aun',
      tipoBebida: 'copa',
    });

    t.clock.set(validoDesde.getTime() - 1);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: false, reason: 'no_valido_aun' });
    t.clock.set(validoDesde);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true, reason: 'ok' });
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(1);
  });

  it('serves at validoHasta itself and refuses after it with caducado', async () => {
    const { scanner, ticket, tipo } = await scannerSetup(t);

    t.clock.set(tipo.validoHasta);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true, reason: 'ok' });

    t.clock.set(Date.parse(tipo.validoHasta) + 1);
    const res = await scanner.consume({ qrCode: ticket.qrCode });

    expect(res.statusCode, res.body).toBe(200);
    expect(decisionOf(res)).toEqual({
      success: false,
      canConsume: false,
      message: 'El ticket ha caducado',
      reason: 'caducado',
      tipoBebida: 'copa',
    });
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(1);
  });

  it('checks invalidado before the dates and the dates before the drink', async () => {
    const { scanner, ticket, owner, tipo } = await scannerSetup(t, { tipo: { drinkType: 'cerveza' } });

    t.clock.set(Date.parse(tipo.validoHasta) + MINUTE);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode, tipoBebida: 'copa' }), { reason: 'caducado' });

    await call(t, owner, 'PATCH', `/api/tickets/${ticket.id}/invalidate`);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode, tipoBebida: 'copa' }), {
      reason: 'invalidado',
    });
  });
});

describe('the drink asked for (tipo_bebida)', () => {
  it('refuses a drink the ticket does not include, with canConsume true for an otherwise valid ticket', async () => {
    const { scanner, ticket } = await scannerSetup(t, { tipo: { drinkType: 'cerveza' } });

    const res = await scanner.consume({ qrCode: ticket.qrCode, tipoBebida: 'copa' });

    expect(res.statusCode, res.body).toBe(200);
    expect(decisionOf(res)).toEqual({
      success: false,
      canConsume: true,
      message: 'Este ticket no incluye copa (permite: cerveza)',
      reason: 'tipo_bebida',
      tipoBebida: 'copa',
    });
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(0);
    // The right drink is then served.
    expectScan(await scanner.consume({ qrCode: ticket.qrCode, tipoBebida: 'cerveza' }), {
      success: true,
      tipoBebida: 'cerveza',
    });
  });

  it('has canConsume false on a tipo_bebida refusal when no allowed drink could be served either', async () => {
    const { scanner, ticket } = await scannerSetup(t, { tipo: { drinkType: 'cerveza', maxDrinks: 1 } });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true, remainingDrinks: 0 });

    expectScan(await scanner.consume({ qrCode: ticket.qrCode, tipoBebida: 'copa' }), {
      success: false,
      canConsume: false,
      reason: 'tipo_bebida',
    });
  });

  it('has canConsume false on a tipo_bebida refusal while an interval ticket must wait', async () => {
    const { scanner, ticket } = await scannerSetup(t, {
      tipo: {
        modo: 'intervalos_controlados',
        maxDrinks: null,
        durationMinutes: 120,
        drinkIntervalMinutes: 20,
        drinkType: 'cerveza',
      },
    });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true });

    expectScan(await scanner.consume({ qrCode: ticket.qrCode, tipoBebida: 'copa' }), {
      success: false,
      canConsume: false,
      reason: 'tipo_bebida',
    });
  });

  it('lets copas serve copa but not cerveza, and todo serve anything', async () => {
    const copas = await scannerSetup(t, { tipo: { drinkType: 'copas' } });
    expectScan(await copas.scanner.consume({ qrCode: copas.ticket.qrCode, tipoBebida: 'copa' }), {
      success: true,
    });
    expectScan(await copas.scanner.consume({ qrCode: copas.ticket.qrCode, tipoBebida: 'cerveza' }), {
      success: false,
      reason: 'tipo_bebida',
    });

    const todo = await scannerSetup(t, { tipo: { drinkType: 'todo', maxDrinks: 10 } });
    for (const tipoBebida of ['cerveza', 'copa', 'chupito', 'refresco']) {
      expectScan(await todo.scanner.consume({ qrCode: todo.ticket.qrCode, tipoBebida }), {
        success: true,
        tipoBebida,
      });
    }
  });

  it('compares the drink case-insensitively', async () => {
    const { scanner, ticket } = await scannerSetup(t, { tipo: { drinkType: 'Cerveza' } });

    expectScan(await scanner.consume({ qrCode: ticket.qrCode, tipoBebida: 'CERVEZA' }), { success: true });
  });

  it.each([
    ['cerveza', 'cerveza'],
    ['copas', 'copa'],
    ['todo', 'copa'],
    ['todas', 'copa'],
    ['Vino', 'vino'],
  ])('records the default drink for drinkType %s as %s when none is given', async (drinkType, expected) => {
    const { scanner, ticket } = await scannerSetup(t, { tipo: { drinkType } });

    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true, tipoBebida: expected });

    expect((await consumoRows(t.db, ticket.id)).map((row) => row.tipoBebida)).toEqual([expected]);
  });

  it('uses the default drink when tipoBebida is blank or null', async () => {
    const { scanner, ticket } = await scannerSetup(t, { tipo: { drinkType: 'cerveza' } });

    expectScan(await scanner.consume({ qrCode: ticket.qrCode, tipoBebida: '  ' }), {
      success: true,
      tipoBebida: 'cerveza',
    });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode, tipoBebida: null }), {
      success: true,
      tipoBebida: 'cerveza',
    });
  });
});
