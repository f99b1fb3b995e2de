import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, formatDate, formatDateTime, formatTime, isoDateTime } from '../src/dates';

describe('formatDateTime, formatDate and formatTime', () => {
  it('writes dd/MM/yyyy HH:mm in Madrid time by default, summer and winter', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Europe/Madrid');
    expect(formatDateTime(new Date('2026-07-04T18:05:00Z'))).toBe('04/07/2026 20:05');
    expect(formatDateTime(new Date('2026-01-09T08:07:00Z'))).toBe('09/01/2026 09:07');
    expect(formatDate(new Date('2026-01-09T08:07:00Z'))).toBe('09/01/2026');
    expect(formatTime(new Date('2026-01-09T08:07:00Z'))).toBe('09:07');
  });

  it('shows midnight as 00:00 of the next day, not 24:00', () => {
    const midnight = new Date('2026-07-04T22:00:00Z');
    expect(formatDateTime(midnight)).toBe('05/07/2026 00:00');
    expect(formatDate(midnight)).toBe('05/07/2026');
    expect(formatTime(midnight)).toBe('00:00');
  });

  it('uses the time zone it is given', () => {
    const date = new Date('2026-12-31T23:30:00Z');
    expect(formatDateTime(date, 'UTC')).toBe('31/12/2026 23:30');
    expect(formatDate(date, 'UTC')).toBe('31/12/2026');
    expect(formatTime(date, 'America/New_York')).toBe('18:30');
    expect(formatDate(date)).toBe('01/01/2027');
  });
});

describe('isoDateTime', () => {
  const schema = isoDateTime('La fecha no es válida');

  it.each([
    ['2026-07-04T20:00:00.000Z', '2026-07-04T20:00:00.000Z'],
    ['2026-07-04T20:00Z', '2026-07-04T20:00Z'],
    ['2026-07-04T20:00:00+02:00', '2026-07-04T20:00:00+02:00'],
    ['2026-07-04T20:00', '2026-07-04T20:00'],
    ['  2026-07-04T20:00:00Z ', '2026-07-04T20:00:00Z'],
  ])('accepts %j', (value, parsed) => {
    expect(schema.parse(value)).toBe(parsed);
  });

  it.each([
    ['a date without a time', '2026-07-04'],
    ['a time without the T', '2026-07-04 20:00'],
    ['a Spanish date', '04/07/2026 20:00'],
    ['an impossible month', '2026-13-04T20:00Z'],
    ['an extended year', '+002026-07-04T20:00:00Z'],
    ['text', 'mañana'],
    ['an empty string', ''],
    ['a number', 1783195200000],
    ['nothing', undefined],
  ])('refuses %s with its message', (_, value) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['La fecha no es válida']);
  });
});
