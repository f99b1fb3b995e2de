import { startingAt } from '@drinkflow/domain/dates';
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
      message: `El ticket aún no es válido (${startingAt(validoDesde, now)})`,
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
