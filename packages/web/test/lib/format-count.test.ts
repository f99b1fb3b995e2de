import { describe, expect, it } from 'vitest';
import { formatCount } from '@/lib/format-count';

const spanish = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0 });

describe('formatCount', () => {
  it('groups thousands with a dot from five digits on, as Spanish does', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1250)).toBe('1250');
    expect(formatCount(9999)).toBe('9999');
    expect(formatCount(10000)).toBe('10.000');
    expect(formatCount(123456)).toBe('123.456');
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatCount(-12345)).toBe('-12.345');
  });

  it('prints what Intl.NumberFormat("es-ES") prints for every count up to 200,000', () => {
    for (let value = 0; value <= 200_000; value++) {
      if (formatCount(value) !== spanish.format(value)) {
        expect.fail(`${value}: ${formatCount(value)} ≠ ${spanish.format(value)}`);
      }
    }
  });

  it('agrees with Intl on large and negative counts', () => {
    const values = [-1, -1000, -10_000, -999_999, 1e6, 20_000_000, 987_654_321, Number.MAX_SAFE_INTEGER];
    for (const value of values) expect(formatCount(value)).toBe(spanish.format(value));
  });

  it('rounds a fraction to the nearest whole count', () => {
    expect(formatCount(12344.6)).toBe('12.345');
    expect(formatCount(2.4)).toBe('2');
    expect(formatCount(-0.4)).toBe('0');
  });
});
