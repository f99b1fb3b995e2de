/*
 * Dates and times on Madrid's clock (the product's one time zone, DEFAULT_TIME_ZONE in
 * @drinkflow/domain/dates) without Intl, for the pages a guest or a bar opens first: the guest's
 * ticket and the public scanner. A page's first Intl.DateTimeFormat with a time zone loads ICU's
 * locale and time-zone data, about 180 ms of a mid-range phone's main thread in Lighthouse's
 * mobile preset, in the same task as the page's first render (docs/decisions/049). The EU rule,
 * in force since 1996: UTC+2 from the last Sunday of March at 01:00 UTC to the last Sunday of
 * October at 01:00 UTC, UTC+1 otherwise. A test checks every formatter against Intl.
 */

const MINUTE = 60_000;

/** The instant of 01:00 UTC on the last Sunday of `month` (0-based) of `year`. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Minutes Madrid's clock is ahead of UTC at `instant`. */
export function madridOffsetMinutes(instant: number): number {
  const year = new Date(instant).getUTCFullYear();
  const summer = instant >= lastSundayAtOneUtc(year, 2) && instant < lastSundayAtOneUtc(year, 9);
  return summer ? 120 : 60;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** What Madrid's clock reads at `date`, as fields. */
function wall(date: Date) {
  const shifted = new Date(date.getTime() + madridOffsetMinutes(date.getTime()) * MINUTE);
  return {
    day: pad(shifted.getUTCDate()),
    month: pad(shifted.getUTCMonth() + 1),
    year: String(shifted.getUTCFullYear()),
    hour: pad(shifted.getUTCHours()),
    minute: pad(shifted.getUTCMinutes()),
  };
}

/** dd/MM/yyyy HH:mm on Madrid's clock, as formatDateTime of @drinkflow/domain/dates. */
export function formatMadridDateTime(date: Date): string {
  const p = wall(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** dd/MM/yyyy on Madrid's clock, as formatDate of @drinkflow/domain/dates. */
export function formatMadridDate(date: Date): string {
  const p = wall(date);
  return `${p.day}/${p.month}/${p.year}`;
}

/** HH:mm on Madrid's clock, as formatTime of @drinkflow/domain/dates. */
export function formatMadridTime(date: Date): string {
  const p = wall(date);
  return `${p.hour}:${p.minute}`;
}
