import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatTime,
  startingAt,
  startingAtWords,
  zonedDayBounds,
  zonedInstant,
} from '../src/dates';
import { isoDateTime } from '../src/iso-date-time';

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

describe('zonedInstant and zonedDayBounds', () => {
  it('give a Madrid day from its midnight to its last millisecond, in summer and in winter', () => {
    expect(zonedDayBounds('2026-07-04')).toEqual({
      start: new Date('2026-07-03T22:00:00.000Z'),
      end: new Date('2026-07-04T21:59:59.999Z'),
    });
    expect(zonedDayBounds('2026-01-04').start).toEqual(new Date('2026-01-03T23:00:00.000Z'));
  });

  it('make the daylight-saving days 23 and 25 hours long', () => {
    const spring = zonedDayBounds('2026-03-29');
    const autumn = zonedDayBounds('2026-10-25');
    expect(spring.end.getTime() + 1 - spring.start.getTime()).toBe(23 * 3_600_000);
    expect(autumn.end.getTime() + 1 - autumn.start.getTime()).toBe(25 * 3_600_000);
  });

  it('resolve a skipped wall time an hour later, and read other zones', () => {
    expect(zonedInstant({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 })).toEqual(
      new Date('2026-03-29T01:30:00.000Z'),
    );
    expect(zonedInstant({ year: 2026, month: 12, day: 31, hour: 23, minute: 59 }, 'UTC')).toEqual(
      new Date('2026-12-31T23:59:00.000Z'),
    );
    expect(zonedInstant({ year: 2026, month: 7, day: 4, hour: 20 }, 'America/Mexico_City')).toEqual(
      new Date('2026-07-05T02:00:00.000Z'),
    );
  });
});

describe('isoDateTime bounds', () => {
  const date = isoDateTime('Fecha inválida');

  it('accepts the first and last years, minute 59 and second 59', () => {
    for (const value of [
      '2000-01-01T00:00:00Z',
      '2100-12-31T23:59:59Z',
      '2026-05-01T10:59Z',
      '2026-05-01T10:00:59Z',
    ]) {
      expect(date.safeParse(value).success).toBe(true);
    }
  });

  it('refuses the years just outside', () => {
    expect(date.safeParse('1999-12-31T23:59:59Z').success).toBe(false);
    expect(date.safeParse('2101-01-01T00:00:00Z').success).toBe(false);
  });
});

describe('startingAt, when something becomes possible in a scanner message', () => {
  const now = new Date('2026-11-27T22:30:00Z'); // 23:30 in Madrid, 27/11

  it("reads 'a partir del 28/11 a las 06:00' on another day, 'a partir de las 23:45' the same day", () => {
    expect(startingAt(new Date('2026-11-28T05:00:00Z'), now)).toBe('a partir del 28/11 a las 06:00');
    expect(startingAt(new Date('2026-11-27T22:45:00Z'), now)).toBe('a partir de las 23:45');
    // Midnight in Madrid is already the next day.
    expect(startingAt(new Date('2026-11-27T23:00:00Z'), now)).toBe('a partir del 28/11 a las 00:00');
  });

  it('compares the days in the time zone it is given', () => {
    expect(startingAt(new Date('2026-11-27T23:00:00Z'), now, 'UTC')).toBe('a partir de las 23:00');
    expect(startingAtWords('01/12', '06:00', false)).toBe('a partir del 01/12 a las 06:00');
    expect(startingAtWords('01/12', '06:00', true)).toBe('a partir de las 06:00');
  });
});
