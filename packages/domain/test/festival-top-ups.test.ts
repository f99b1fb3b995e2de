import { describe, expect, it } from 'vitest';
import { decideScan, effectiveTicketState, totalDrinkLimit } from '../src/scan-rules';
import { intervalos, porCantidad, scan, temporal, times, utc } from './support/festival-scans';

describe('rule 6, agotado with top-ups', () => {
  it('raises a por_cantidad limit by the drinks of its top-ups', () => {
    const tipo = porCantidad(2);
    const served = times('2026-07-04T18:00:00Z', '2026-07-04T18:10:00Z', '2026-07-04T18:20:00Z');
    expect(decideScan(scan(tipo, { consumos: served })).reason).toBe('agotado');
    expect(decideScan(scan(tipo, { consumos: served, recargas: 0 })).reason).toBe('agotado');
    expect(decideScan(scan(tipo, { consumos: served, recargas: 1 })).reason).toBe('agotado');
    expect(decideScan(scan(tipo, { consumos: served, recargas: 2 }))).toEqual({
      allowed: true,
      reason: 'ok',
      message: 'Consumo permitido',
      remainingDrinks: 0,
      canConsumeAgain: false,
    });
    expect(decideScan(scan(tipo, { consumos: served, recargas: 4 }))).toMatchObject({
      allowed: true,
      remainingDrinks: 2,
      canConsumeAgain: true,
    });
    expect(decideScan(scan(tipo, { consumos: [...served, ...served], recargas: 3 }))).toEqual({
      allowed: false,
      reason: 'agotado',
      message: 'Límite de bebidas alcanzado',
      remainingDrinks: 0,
      canConsumeAgain: false,
    });
  });

  it('raises an intervalos_controlados limit, and counts its drinks left with them', () => {
    const tipo = intervalos(30, 1);
    const served = times('2026-07-04T18:00:00Z');
    expect(decideScan(scan(tipo, { consumos: served })).reason).toBe('agotado');
    expect(decideScan(scan(tipo, { consumos: served, recargas: 2 }))).toMatchObject({
      allowed: true,
      remainingDrinks: 1,
      nextAllowedTime: utc('2026-07-04T20:30:00Z'),
    });
    expect(
      decideScan(scan(tipo, { consumos: served, recargas: 2, now: utc('2026-07-04T18:10:00Z') })),
    ).toMatchObject({ reason: 'intervalo', remainingDrinks: 2 });
  });

  it('gives a temporal ticket, or an interval without a count, nothing to raise', () => {
    expect(decideScan(scan(temporal(), { recargas: 5 }))).toEqual({
      allowed: true,
      reason: 'ok',
      message: 'Consumo permitido',
      canConsumeAgain: true,
    });
    expect(decideScan(scan(intervalos(30, null), { recargas: 5 })).remainingDrinks).toBeUndefined();
    expect(totalDrinkLimit(temporal(), 5)).toBeNull();
    expect(totalDrinkLimit(intervalos(30, null), 5)).toBeNull();
    expect(totalDrinkLimit(porCantidad(2), 5)).toBe(7);
    expect(totalDrinkLimit(porCantidad(2))).toBe(2);
  });

  it('makes the effective state agotado only past the raised limit', () => {
    const tipo = porCantidad(2);
    const now = utc('2026-07-04T20:00:00Z');
    expect(effectiveTicketState({ estado: 'activo' }, tipo, 2, now)).toBe('agotado');
    expect(effectiveTicketState({ estado: 'activo' }, tipo, 2, now, 1)).toBe('activo');
    expect(effectiveTicketState({ estado: 'activo' }, tipo, 3, now, 1)).toBe('agotado');
    expect(effectiveTicketState({ estado: 'activo' }, temporal(), 99, now, 1)).toBe('activo');
  });
});
