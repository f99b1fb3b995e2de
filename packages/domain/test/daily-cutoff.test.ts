import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CORTE_DIARIO_PATTERN,
  DEFAULT_CORTE_DIARIO,
  drinksToday,
  lastCutoff,
  nextCutoff,
  todayText,
} from '../src/daily-cutoff';
import { formatDateTime, formatTime } from '../src/dates';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const utc = (iso: string) => new Date(iso);
const cutoffs = (now: string, corte?: string, zone?: string) => ({
  last: lastCutoff(utc(now), corte, zone).toISOString(),
  next: nextCutoff(utc(now), corte, zone).toISOString(),
});

describe('lastCutoff and nextCutoff, a summer day in Madrid (UTC+2)', () => {
  it('defaults to 06:00 in Europe/Madrid', () => {
    expect(DEFAULT_CORTE_DIARIO).toBe('06:00');
    expect(cutoffs('2026-07-05T02:00:00Z')).toEqual({
      last: '2026-07-04T04:00:00.000Z',
      next: '2026-07-05T04:00:00.000Z',
    });
  });

  it('starts a new day at the cut-off itself, not a millisecond later', () => {
    expect(cutoffs('2026-07-05T04:00:00Z', '06:00', 'Europe/Madrid')).toEqual({
      last: '2026-07-05T04:00:00.000Z',
      next: '2026-07-06T04:00:00.000Z',
    });
    expect(cutoffs('2026-07-05T03:59:59.999Z', '06:00', 'Europe/Madrid')).toEqual({
      last: '2026-07-04T04:00:00.000Z',
      next: '2026-07-05T04:00:00.000Z',
    });
  });

  it.each([
    ['00:00', '2026-07-04T22:00:00.000Z', '2026-07-05T22:00:00.000Z'],
    ['23:59', '2026-07-04T21:59:00.000Z', '2026-07-05T21:59:00.000Z'],
    ['12:45', '2026-07-05T10:45:00.000Z', '2026-07-06T10:45:00.000Z'],
    ['09:07', '2026-07-05T07:07:00.000Z', '2026-07-06T07:07:00.000Z'],
  ])('reads the cut-off %s on the local clock', (corte, last, next) => {
    expect(cutoffs('2026-07-05T12:00:00Z', corte, 'Europe/Madrid')).toEqual({ last, next });
  });
});

describe('lastCutoff and nextCutoff across the daylight-saving nights of 2026 in Madrid', () => {
  it('makes 29 March a 23-hour festival day at 06:00', () => {
    expect(cutoffs('2026-03-29T03:00:00Z')).toEqual({
      last: '2026-03-28T05:00:00.000Z',
      next: '2026-03-29T04:00:00.000Z',
    });
  });

  it('makes 25 October a 25-hour festival day at 06:00', () => {
    expect(cutoffs('2026-10-25T04:30:00Z')).toEqual({
      last: '2026-10-24T04:00:00.000Z',
      next: '2026-10-25T05:00:00.000Z',
    });
  });

  it('puts a cut-off the clock skips (02:30 on 29 March) at the change, when the clock reads 03:00', () => {
    expect(cutoffs('2026-03-29T00:59:00Z', '02:30')).toEqual({
      last: '2026-03-28T01:30:00.000Z',
      next: '2026-03-29T01:00:00.000Z',
    });
    expect(cutoffs('2026-03-29T01:00:00Z', '02:30')).toEqual({
      last: '2026-03-29T01:00:00.000Z',
      next: '2026-03-30T00:30:00.000Z',
    });
    expect(formatTime(nextCutoff(utc('2026-03-29T00:59:00Z'), '02:30'))).toBe('03:00');
  });

  it('also puts 02:00 and 02:59 of 29 March at the change; 03:00 is there anyway', () => {
    for (const corte of ['02:00', '02:01', '02:59', '03:00']) {
      expect(nextCutoff(utc('2026-03-29T00:00:00Z'), corte).toISOString(), corte).toBe(
        '2026-03-29T01:00:00.000Z',
      );
    }
    expect(nextCutoff(utc('2026-03-29T00:00:00Z'), '01:59').toISOString()).toBe('2026-03-29T00:59:00.000Z');
  });

  it('puts a cut-off the clock reads twice (02:30 on 25 October) at its first occurrence', () => {
    // 00:30Z is 02:30 summer time; 01:30Z would be 02:30 winter time.
    expect(cutoffs('2026-10-25T00:15:00Z', '02:30')).toEqual({
      last: '2026-10-24T00:30:00.000Z',
      next: '2026-10-25T00:30:00.000Z',
    });
    // The repeated hour (02:00–02:59 winter time) belongs to the new day: no second cut-off.
    expect(cutoffs('2026-10-25T01:45:00Z', '02:30')).toEqual({
      last: '2026-10-25T00:30:00.000Z',
      next: '2026-10-26T01:30:00.000Z',
    });
  });

  it.each([
    ['02:00', '2026-10-25T00:00:00.000Z'],
    ['02:59', '2026-10-25T00:59:00.000Z'],
    ['03:00', '2026-10-25T02:00:00.000Z'],
    ['01:59', '2026-10-24T23:59:00.000Z'],
  ])('puts %s of 25 October at %s', (corte, instant) => {
    expect(nextCutoff(utc('2026-10-24T22:00:00Z'), corte).toISOString()).toBe(instant);
  });
});

describe('lastCutoff and nextCutoff in other time zones', () => {
  it('follows a half-hour offset without daylight saving (Asia/Kolkata, UTC+05:30)', () => {
    expect(cutoffs('2026-07-01T12:00:00Z', '06:00', 'Asia/Kolkata')).toEqual({
      last: '2026-07-01T00:30:00.000Z',
      next: '2026-07-02T00:30:00.000Z',
    });
  });

  it('follows UTC', () => {
    expect(cutoffs('2026-03-29T01:30:00Z', '02:30', 'UTC')).toEqual({
      last: '2026-03-28T02:30:00.000Z',
      next: '2026-03-29T02:30:00.000Z',
    });
  });

  it('follows New York: 01:30 read twice on 1 November, 02:15 skipped on 8 March', () => {
    expect(cutoffs('2026-11-01T12:00:00Z', '01:30', 'America/New_York')).toEqual({
      last: '2026-11-01T05:30:00.000Z',
      next: '2026-11-02T06:30:00.000Z',
    });
    expect(cutoffs('2026-03-08T12:00:00Z', '02:15', 'America/New_York')).toEqual({
      last: '2026-03-08T07:00:00.000Z',
      next: '2026-03-09T06:15:00.000Z',
    });
  });

  it('follows a change at midnight (Santiago, 6 September 2026: 00:00 → 01:00)', () => {
    expect(cutoffs('2026-09-06T12:00:00Z', '00:30', 'America/Santiago')).toEqual({
      last: '2026-09-06T04:00:00.000Z',
      next: '2026-09-07T03:30:00.000Z',
    });
  });

  it('throws on a time zone Intl does not know', () => {
    expect(() => lastCutoff(utc('2026-07-01T12:00:00Z'), '06:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('the cut-off text', () => {
  it.each(['00:00', '06:00', '23:59', '19:30', '09:05'])('accepts %s', (corte) => {
    expect(CORTE_DIARIO_PATTERN.test(corte)).toBe(true);
    expect(() => lastCutoff(utc('2026-07-01T12:00:00Z'), corte)).not.toThrow();
  });

  it.each(['24:00', '6:00', '06:60', '06:0', '0600', ' 06:00', '06:00 ', '', 'ab:cd', '06:00:00', '-1:00'])(
    'refuses %j with a RangeError naming it',
    (corte) => {
      expect(CORTE_DIARIO_PATTERN.test(corte)).toBe(false);
      expect(() => lastCutoff(utc('2026-07-01T12:00:00Z'), corte)).toThrow(
        new RangeError(`Hora de corte no válida: ${corte}`),
      );
      expect(() => nextCutoff(utc('2026-07-01T12:00:00Z'), corte)).toThrow(RangeError);
    },
  );
});

describe('drinksToday', () => {
  const now = utc('2026-07-05T12:00:00Z');
  it('counts the drinks from the last cut-off (included) to the next one (excluded)', () => {
    const drinks = [
      '2026-07-05T03:59:59.999Z', // yesterday
      '2026-07-05T04:00:00.000Z', // the cut-off itself: today
      '2026-07-05T11:00:00.000Z',
      '2026-07-06T03:59:59.999Z', // later than now, still today
      '2026-07-06T04:00:00.000Z', // tomorrow
    ].map(utc);
    expect(drinksToday(drinks, now, '06:00', 'Europe/Madrid')).toBe(3);
    expect(drinksToday(drinks, now)).toBe(3);
    expect(drinksToday([], now)).toBe(0);
  });

  it('moves with the cut-off and the zone', () => {
    const drinks = ['2026-07-05T01:00:00Z', '2026-07-05T05:00:00Z'].map(utc);
    expect(drinksToday(drinks, now, '02:00', 'Europe/Madrid')).toBe(2);
    expect(drinksToday(drinks, now, '06:00', 'Europe/Madrid')).toBe(1);
    expect(drinksToday(drinks, now, '06:00', 'UTC')).toBe(0);
    expect(drinksToday(drinks, now, '04:30', 'UTC')).toBe(1);
    expect(drinksToday(drinks, now, '00:30', 'UTC')).toBe(2);
  });
});

describe('todayText', () => {
  it('says today’s drinks of the per-day limit', () => {
    expect(todayText({ bebidasHoy: 2, maxDrinksPerDay: 4 })).toBe('Hoy: 2 de 4');
    expect(todayText({ bebidasHoy: 0, maxDrinksPerDay: 1 })).toBe('Hoy: 0 de 1');
  });

  it('says nothing without both figures (a type without a per-day limit)', () => {
    expect(todayText({})).toBeNull();
    expect(todayText({ bebidasHoy: 2 })).toBeNull();
    expect(todayText({ maxDrinksPerDay: 4 })).toBeNull();
  });
});

// Properties over random instants of 2025–2027, cut-offs and zones.
const zones = ['Europe/Madrid', 'UTC', 'Asia/Kolkata', 'America/New_York', 'Australia/Lord_Howe'];
const corte = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const instant = fc
  .integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 11, 31) })
  .map((t) => new Date(t));

describe('lastCutoff and nextCutoff, properties', () => {
  it('frame now: last ≤ now < next, 22–26 hours apart, with no cut-off in between', () => {
    fc.assert(
      fc.property(instant, corte, fc.constantFrom(...zones), (now, hhmm, zone) => {
        const last = lastCutoff(now, hhmm, zone);
        const next = nextCutoff(now, hhmm, zone);
        expect(last.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(next.getTime()).toBeGreaterThan(now.getTime());
        expect(next.getTime() - last.getTime()).toBeGreaterThanOrEqual(22 * HOUR);
        expect(next.getTime() - last.getTime()).toBeLessThanOrEqual(26 * HOUR);
        // The cut-offs are fixed points: the day of `last` is now's day, the next starts at `next`.
        expect(lastCutoff(last, hhmm, zone)).toEqual(last);
        expect(nextCutoff(last, hhmm, zone)).toEqual(next);
        expect(lastCutoff(new Date(next.getTime() - 1), hhmm, zone)).toEqual(last);
        expect(lastCutoff(next, hhmm, zone)).toEqual(next);
        expect(nextCutoff(new Date(last.getTime() - 1), hhmm, zone)).toEqual(last);
      }),
      { numRuns: 400 },
    );
  });

  it('fall when the local clock reads the cut-off, or first reads past it when it skips it', () => {
    fc.assert(
      fc.property(instant, corte, fc.constantFrom(...zones), (now, hhmm, zone) => {
        for (const cut of [lastCutoff(now, hhmm, zone), nextCutoff(now, hhmm, zone)]) {
          const read = formatTime(cut, zone);
          const before = formatDateTime(new Date(cut.getTime() - MINUTE), zone);
          if (read !== hhmm) {
            // Skipped: the clock jumps from before the cut-off to after it in this very minute.
            expect(before.slice(-5) < hhmm && read > hhmm).toBe(true);
          }
          // Read twice: this is the first time (half an hour or an hour earlier it did not read so).
          for (const earlier of [30, 60]) {
            expect(formatDateTime(new Date(cut.getTime() - earlier * MINUTE), zone)).not.toBe(
              formatDateTime(cut, zone),
            );
          }
          expect(cut.getTime() % MINUTE).toBe(0);
        }
      }),
      { numRuns: 400 },
    );
  });
});
