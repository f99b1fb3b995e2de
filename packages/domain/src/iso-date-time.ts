import { z } from 'zod';

/** Years an event, a ticket's validity or a date filter may name (docs/rules/operations.md). */
export const DATE_YEARS = { min: 2000, max: 2100 } as const;
export const dateYearsMessage = `La fecha debe estar entre los años ${DATE_YEARS.min} y ${DATE_YEARS.max}`;

/** Whether year-month-day names a real calendar day (not 2026-02-30 nor 2026-13-01). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; setUTCFullYear keeps years below 100.
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month, 0);
  return day <= lastDay.getUTCDate();
}

const inYears = (year: number) => year >= DATE_YEARS.min && year <= DATE_YEARS.max;

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether `value` is an ISO-8601 date-time whose written date and time exist: Date.parse alone
 * moves 2026-02-30 to March and reads hour 24 as the next day.
 */
function isRealDateTime(value: string): boolean {
  const match = ISO_DATE_TIME.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return (
    isCalendarDate(year, month, day) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    !Number.isNaN(Date.parse(value))
  );
}

/**
 * An ISO-8601 date-time with offset or Z, as the wire carries it (docs/rules/api-conventions.md): a real calendar
 * date and time, in the years of {@link DATE_YEARS} (a year outside them answers its own message).
 */
export const isoDateTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine(isRealDateTime, message)
    .refine((value) => inYears(Number(value.slice(0, 4))), {
      message: dateYearsMessage,
      when: (payload) => payload.issues.length === 0,
    });

/** Whether `value` is YYYY-MM-DD naming a real calendar day of {@link DATE_YEARS}. */
export function isCalendarDay(value: string): boolean {
  const match = CALENDAR_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return inYears(year) && isCalendarDate(year, month, day);
}
