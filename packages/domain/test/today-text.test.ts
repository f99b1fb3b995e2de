import { describe, expect, it } from 'vitest';
import { todayText } from '../src/daily-cutoff';

describe('todayText ("Hoy: 2 de 4", DECISIONS §15)', () => {
  it('says the festival day’s drinks and the per-day limit', () => {
    expect(todayText({ bebidasHoy: 2, maxDrinksPerDay: 4 })).toBe('Hoy: 2 de 4');
    expect(todayText({ bebidasHoy: 0, maxDrinksPerDay: 1 })).toBe('Hoy: 0 de 1');
  });

  it('is null unless the answer carries both figures (a type without a per-day limit)', () => {
    expect(todayText({})).toBeNull();
    expect(todayText({ bebidasHoy: 2 })).toBeNull();
    expect(todayText({ maxDrinksPerDay: 4 })).toBeNull();
  });
});
