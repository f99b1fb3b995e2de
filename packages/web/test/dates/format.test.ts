import { describe, expect, it } from 'vitest';
import {
  assistDateTyping,
  formatDate,
  formatDateTime,
  formatLong,
  fromIsoDay,
  fromDateTimeLocal,
  normaliseDateText,
  parseDate,
  parseDateTime,
  parseTime,
  toDateTimeLocal,
  toIsoDay,
} from '@/lib/format';
import { inMadridTimeZone } from '../support/madrid-time-zone';

// The organizers' time zone, with its daylight-saving changes (29/03/2026 and 25/10/2026).
inMadridTimeZone();

const iso = (text: string) => parseDateTime(text)?.toISOString() ?? null;

describe('shown dates', () => {
  it('shows dd/MM/yyyy HH:mm in 24 h local time', () => {
    expect(formatDateTime('2030-12-24T19:00:00.000Z')).toBe('24/12/2030 20:00');
    expect(formatDateTime('2030-07-04T23:05:00.000Z')).toBe('05/07/2030 01:05');
    expect(formatDate('2030-07-04T23:05:00.000Z')).toBe('05/07/2030');
  });

  it('capitalises the weekday the same everywhere', () => {
    expect(formatLong('2030-12-24T19:00:00.000Z')).toBe('Martes, 24/12/2030 20:00');
    expect(formatLong('2030-12-28T19:00:00.000Z')).toBe('Sábado, 28/12/2030 20:00');
    expect(formatLong('2030-12-25T19:00:00.000Z')).toBe('Miércoles, 25/12/2030 20:00');
  });
});

describe('parseDateTime', () => {
  it('reads dd/MM/yyyy HH:mm as local time', () => {
    expect(iso('24/12/2030 20:00')).toBe('2030-12-24T19:00:00.000Z');
    expect(iso('04/07/2030 20:00')).toBe('2030-07-04T18:00:00.000Z');
  });

  it('accepts one-digit day, month and hour, spaces around and a comma', () => {
    expect(iso('23/12/2026 3:00')).toBe('2026-12-23T02:00:00.000Z');
    expect(iso(' 1/2/2030  9:05 ')).toBe('2030-02-01T08:05:00.000Z');
    expect(iso('24/12/2030, 20:00')).toBe('2030-12-24T19:00:00.000Z');
  });

  it('accepts 00:00 and 23:59, refuses 24:00 and minute 60', () => {
    expect(iso('25/12/2030 00:00')).toBe('2030-12-24T23:00:00.000Z');
    expect(iso('25/12/2030 23:59')).toBe('2030-12-25T22:59:00.000Z');
    expect(iso('24/12/2030 24:00')).toBeNull();
    expect(iso('24/12/2030 12:60')).toBeNull();
  });

  it('knows leap years: 29/02 exists in 2028, not in 2027 nor 2100', () => {
    expect(iso('29/02/2028 12:00')).toBe('2028-02-29T11:00:00.000Z');
    expect(iso('29/02/2027 12:00')).toBeNull();
    expect(iso('29/02/2100 12:00')).toBeNull();
    expect(iso('31/04/2030 12:00')).toBeNull();
  });

  it('refuses a time skipped by the change to summer time instead of moving it', () => {
    expect(iso('29/03/2026 01:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(iso('29/03/2026 02:00')).toBeNull();
    expect(iso('29/03/2026 02:30')).toBeNull();
    expect(iso('29/03/2026 03:00')).toBe('2026-03-29T01:00:00.000Z');
  });

  it('reads a time repeated when summer time ends as its first occurrence', () => {
    expect(iso('25/10/2026 02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(iso('25/10/2026 03:00')).toBe('2026-10-25T02:00:00.000Z');
  });

  it('refuses other formats and unfinished text', () => {
    for (const text of [
      '',
      '24/12/2030',
      '24/12/30 20:00',
      '2030-12-24T20:00',
      '12/24/2030 08:00 PM',
      '24/12/2030 20',
      '24/12/2030 20:0',
      '32/12/2030 20:00',
      '24/13/2030 20:00',
      '00/12/2030 20:00',
      '24/12/2030 20:00 extra',
    ]) {
      expect(parseDateTime(text), text).toBeNull();
    }
  });
});

describe('dates and times alone', () => {
  it('reads a date as local midnight', () => {
    expect(parseDate('24/12/2030')?.toISOString()).toBe('2030-12-23T23:00:00.000Z');
    expect(parseDate('29/02/2027')).toBeNull();
    expect(parseDate('24/12/2030 20:00')).toBeNull();
  });

  it('converts a typed day to the filter’s yyyy-MM-dd and back', () => {
    expect(toIsoDay('24/12/2030')).toBe('2030-12-24');
    expect(toIsoDay('1/2/2030')).toBe('2030-02-01');
    expect(toIsoDay('31/02/2030')).toBe('');
    expect(toIsoDay('')).toBe('');
    expect(fromIsoDay('2030-12-24')).toBe('24/12/2030');
    expect(fromIsoDay('')).toBe('');
  });

  it('reads H:mm', () => {
    expect(parseTime('3:05')).toEqual([3, 5]);
    expect(parseTime('00:00')).toEqual([0, 0]);
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('3')).toBeNull();
  });
});

describe('form values', () => {
  it('a date-time field holds the shown text and sends ISO UTC', () => {
    expect(toDateTimeLocal('2030-12-24T19:00:00.000Z')).toBe('24/12/2030 20:00');
    expect(fromDateTimeLocal('24/12/2030 20:00')).toBe('2030-12-24T19:00:00.000Z');
    expect(fromDateTimeLocal('')).toBeNull();
    expect(fromDateTimeLocal('24/12/2030')).toBeNull();
  });

  it('round-trips every quarter hour of the spring and autumn change days except the skipped hour', () => {
    for (const day of ['29/03/2026', '25/10/2026']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const text = `${day} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const sent = fromDateTimeLocal(text);
        if (day === '29/03/2026' && text.includes(' 02:')) expect(sent, text).toBeNull();
        else expect(toDateTimeLocal(sent!), text).toBe(text);
      }
    }
  });

  it('normalises a valid text when the field is left and keeps an invalid one', () => {
    expect(normaliseDateText('23/12/2026 3:00', true)).toBe('23/12/2026 03:00');
    expect(normaliseDateText('1/2/2030', false)).toBe('01/02/2030');
    expect(normaliseDateText('23/12/2026 3', true)).toBe('23/12/2026 3');
  });
});

describe('assistDateTyping', () => {
  const typeKeys = (keys: string, part: 'date' | 'date-time' | 'time' = 'date-time') =>
    [...keys].reduce((text, key) => assistDateTyping(text, text + key, part), '');

  it('adds the separators while digits are typed', () => {
    expect(typeKeys('241220302000')).toBe('24/12/2030 20:00');
    expect(typeKeys('24122030', 'date')).toBe('24/12/2030');
    expect(typeKeys('2030', 'time')).toBe('20:30');
  });

  it('does not double a separator typed after an added one', () => {
    expect(typeKeys('24/12/2030 20:00')).toBe('24/12/2030 20:00');
    expect(typeKeys('1/2/2030 3:00')).toBe('1/2/2030 3:00');
  });

  it('leaves deleting, replacing and pasting a whole value alone', () => {
    expect(assistDateTyping('24/', '24', 'date-time')).toBe('24');
    expect(assistDateTyping('24/12/2030 20:00', '2', 'date-time')).toBe('2');
    expect(assistDateTyping('', '24/12/2030 20:00', 'date-time')).toBe('24/12/2030 20:00');
    expect(assistDateTyping('24/12/2030 20:00', '24/12/2030 21:00', 'date-time')).toBe('24/12/2030 21:00');
  });
});
