import { formatDate, formatDateTime, formatTime } from '@drinkflow/domain/dates';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMadridDate,
  formatMadridDateTime,
  formatMadridTime,
  madridOffsetMinutes,
} from '@/lib/madrid-time';

// Madrid's clock without Intl (docs/decisions/049) must read as Intl's Europe/Madrid does.

const MINUTE = 60_000;

function sameAsIntl(instant: number) {
  const date = new Date(instant);
  expect(formatMadridDateTime(date)).toBe(formatDateTime(date));
  expect(formatMadridDate(date)).toBe(formatDate(date));
  expect(formatMadridTime(date)).toBe(formatTime(date));
}

describe("Madrid's clock", () => {
  it('changes at 01:00 UTC on the last Sundays of March and October', () => {
    // 2026: summer time from 29 March, winter time from 25 October.
    expect(madridOffsetMinutes(Date.UTC(2026, 2, 29, 0, 59))).toBe(60);
    expect(madridOffsetMinutes(Date.UTC(2026, 2, 29, 1, 0))).toBe(120);
    expect(madridOffsetMinutes(Date.UTC(2026, 9, 25, 0, 59))).toBe(120);
    expect(madridOffsetMinutes(Date.UTC(2026, 9, 25, 1, 0))).toBe(60);
    expect(formatMadridDateTime(new Date('2026-03-29T00:59:00Z'))).toBe('29/03/2026 01:59');
    expect(formatMadridDateTime(new Date('2026-03-29T01:00:00Z'))).toBe('29/03/2026 03:00');
    expect(formatMadridDateTime(new Date('2026-10-25T00:59:00Z'))).toBe('25/10/2026 02:59');
    expect(formatMadridDateTime(new Date('2026-10-25T01:00:00Z'))).toBe('25/10/2026 02:00');
  });

  it('reads as Intl does around every change of clock from 1996 to 2040', () => {
    for (let year = 1996; year <= 2040; year++) {
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
        for (const minutes of [-61, -1, 0, 1, 59, 60, 61]) sameAsIntl(change + minutes * MINUTE);
      }
    }
  });

  it('reads as Intl does at any minute from 1996 to 2040, new year included', () => {
    sameAsIntl(Date.UTC(2026, 11, 31, 22, 59));
    sameAsIntl(Date.UTC(2026, 11, 31, 23, 0));
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1996, 0, 1), max: Date.UTC(2040, 11, 31) }), (instant) =>
        sameAsIntl(instant),
      ),
      { numRuns: 2000 },
    );
  });
});
