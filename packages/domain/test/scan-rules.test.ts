import { describe, expect, it } from 'vitest';
import {
  decideScan,
  effectiveTicketState,
  estadoEfectivoLabels,
  type ScanTicketType,
} from '../src/scan-rules';

const MINUTE = 60_000;

const start = new Date('2026-07-04T18:00:00.000Z');

const end = new Date('2026-07-05T02:00:00.000Z');

const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);

const activo = { estado: 'activo' } as const;

const porCantidad = (maxDrinks: number): ScanTicketType => ({
  modo: 'por_cantidad',
  maxDrinks,
  drinkIntervalMinutes: null,
  drinkType: 'todo',
  validoDesde: start,
  validoHasta: end,
});

const intervalos = (drinkIntervalMinutes: number, maxDrinks: number): ScanTicketType => ({
  modo: 'intervalos_controlados',
  maxDrinks,
  drinkIntervalMinutes,
  drinkType: 'todo',
  validoDesde: start,
  validoHasta: end,
});

const temporal: ScanTicketType = {
  modo: 'temporal',
  maxDrinks: null,
  drinkIntervalMinutes: null,
  drinkType: 'todo',
  validoDesde: start,
  validoHasta: end,
};

describe('decideScan, by rule', () => {
  it('refuses an invalidated ticket before anything else', () => {
    const decision = decideScan({
      ticket: { estado: 'invalidado' },
      tipo: temporal,
      consumos: [],
      tipoBebida: 'copa',
      now: at(-60),
    });
    expect(decision).toMatchObject({ allowed: false, reason: 'invalidado', message: 'Ticket invalidado' });
  });

  it('refuses before the validity window with its start in Madrid time', () => {
    const decision = decideScan({
      ticket: activo,
      tipo: temporal,
      consumos: [],
      tipoBebida: 'copa',
      now: at(-1),
    });
    expect(decision).toMatchObject({
      reason: 'no_valido_aun',
      message: 'El ticket aún no es válido (a partir de las 20:00)',
    });
    // The evening before: the day too (docs/rules/constants.md).
    expect(
      decideScan({ ticket: activo, tipo: temporal, consumos: [], tipoBebida: 'copa', now: at(-21 * 60) })
        .message,
    ).toBe('El ticket aún no es válido (a partir del 04/07 a las 20:00)');
  });

  it('refuses after the window, and accepts its last instant', () => {
    expect(
      decideScan({ ticket: activo, tipo: temporal, consumos: [], tipoBebida: 'copa', now: end }).allowed,
    ).toBe(true);
    const late = decideScan({
      ticket: activo,
      tipo: temporal,
      consumos: [],
      tipoBebida: 'copa',
      now: new Date(end.getTime() + 1),
    });
    expect(late).toMatchObject({ allowed: false, reason: 'caducado', message: 'El ticket ha caducado' });
  });

  it('refuses a drink the ticket type does not include', () => {
    const beer = { ...porCantidad(3), drinkType: 'Cerveza' };
    expect(
      decideScan({ ticket: activo, tipo: beer, consumos: [], tipoBebida: 'copa', now: at(1) }).reason,
    ).toBe('tipo_bebida');
    expect(
      decideScan({ ticket: activo, tipo: beer, consumos: [], tipoBebida: 'cerveza', now: at(1) }).allowed,
    ).toBe(true);
    const copas = { ...porCantidad(3), drinkType: 'copas' };
    expect(
      decideScan({ ticket: activo, tipo: copas, consumos: [], tipoBebida: 'copa', now: at(1) }).allowed,
    ).toBe(true);
  });

  it('counts down por_cantidad drinks and then refuses', () => {
    const first = decideScan({
      ticket: activo,
      tipo: porCantidad(2),
      consumos: [],
      tipoBebida: 'copa',
      now: at(1),
    });
    expect(first).toMatchObject({ allowed: true, reason: 'ok', remainingDrinks: 1, canConsumeAgain: true });
    const second = decideScan({
      ticket: activo,
      tipo: porCantidad(2),
      consumos: [at(1)],
      tipoBebida: 'copa',
      now: at(2),
    });
    expect(second).toMatchObject({ allowed: true, remainingDrinks: 0, canConsumeAgain: false });
    const third = decideScan({
      ticket: activo,
      tipo: porCantidad(2),
      consumos: [at(1), at(2)],
      tipoBebida: 'copa',
      now: at(3),
    });
    expect(third).toMatchObject({
      allowed: false,
      reason: 'agotado',
      message: 'Límite de bebidas alcanzado',
    });
  });

  it('makes intervalos_controlados wait for the interval and says until when', () => {
    const tipo = intervalos(30, 4);
    const first = decideScan({ ticket: activo, tipo, consumos: [], tipoBebida: 'copa', now: at(10) });
    expect(first).toMatchObject({
      allowed: true,
      remainingDrinks: 3,
      nextAllowedTime: at(40),
      canConsumeAgain: false,
    });
    const early = decideScan({ ticket: activo, tipo, consumos: [at(10)], tipoBebida: 'copa', now: at(39) });
    expect(early).toMatchObject({ allowed: false, reason: 'intervalo', nextAllowedTime: at(40) });
    expect(early.message).toBe('Debe esperar hasta las 20:40 para la siguiente bebida');
    expect(
      decideScan({ ticket: activo, tipo, consumos: [at(10)], tipoBebida: 'copa', now: at(40) }).allowed,
    ).toBe(true);
  });

  it('lets temporal tickets drink without limit inside the window', () => {
    const decision = decideScan({
      ticket: activo,
      tipo: temporal,
      consumos: Array.from({ length: 30 }, (_, i) => at(i)),
      tipoBebida: 'copa',
      now: at(31),
    });
    expect(decision).toEqual({
      allowed: true,
      reason: 'ok',
      message: 'Consumo permitido',
      canConsumeAgain: true,
    });
  });
});

describe('effectiveTicketState', () => {
  it('ranks invalidado over caducado over agotado over activo', () => {
    const tipo = porCantidad(1);
    const late = new Date(end.getTime() + 1);
    expect(effectiveTicketState({ estado: 'invalidado' }, tipo, 1, late)).toBe('invalidado');
    expect(effectiveTicketState(activo, tipo, 1, late)).toBe('caducado');
    expect(effectiveTicketState(activo, tipo, 1, at(1))).toBe('agotado');
    expect(effectiveTicketState(activo, tipo, 0, at(1))).toBe('activo');
    expect(effectiveTicketState(activo, temporal, 500, at(1))).toBe('activo');
  });

  it('has one Spanish name per state', () => {
    expect(estadoEfectivoLabels).toEqual({
      activo: 'Activo',
      agotado: 'Agotado',
      invalidado: 'Invalidado',
      caducado: 'Caducado',
    });
  });
});
