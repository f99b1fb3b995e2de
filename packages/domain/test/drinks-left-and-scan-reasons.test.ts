import { describe, expect, it } from 'vitest';
import { drinksLeft, scanRefusals, scanRuleReasons, type ScanTicketType } from '../src/scan-rules';

const tipo = (modo: ScanTicketType['modo'], maxDrinks: number | null): ScanTicketType => ({
  modo,
  maxDrinks,
  drinkIntervalMinutes: modo === 'intervalos_controlados' ? 30 : null,
  drinkType: 'todo',
  validoDesde: new Date('2026-07-04T18:00:00.000Z'),
  validoHasta: new Date('2026-07-05T02:00:00.000Z'),
});

describe('drinksLeft', () => {
  it('counts down from the type’s maximum plus the top-ups, never below 0', () => {
    expect(drinksLeft(tipo('por_cantidad', 3), 1)).toBe(2);
    expect(drinksLeft(tipo('por_cantidad', 3), 1, 2)).toBe(4);
    expect(drinksLeft(tipo('por_cantidad', 3), 3)).toBe(0);
    expect(drinksLeft(tipo('por_cantidad', 3), 5)).toBe(0);
    expect(drinksLeft(tipo('intervalos_controlados', 4), 1)).toBe(3);
  });

  it('is null for a ticket with no count limit, top-ups or not', () => {
    expect(drinksLeft(tipo('temporal', null), 0, 2)).toBeNull();
    expect(drinksLeft(tipo('temporal', 5), 0, 2)).toBeNull();
    expect(drinksLeft({ ...tipo('por_cantidad', 3), maxDrinks: null }, 1)).toBeNull();
  });
});

describe('the reasons of a scan', () => {
  it('lists every reason in the order the rules are checked, and the refusals without ok', () => {
    expect(scanRuleReasons).toEqual([
      'ok',
      'invalidado',
      'no_valido_aun',
      'caducado',
      'barra_no_permitida',
      'tipo_bebida',
      'agotado',
      'limite_diario',
      'intervalo',
    ]);
    expect(scanRefusals).toEqual(scanRuleReasons.slice(1));
  });
});
