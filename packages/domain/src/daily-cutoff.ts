import { DEFAULT_TIME_ZONE } from './dates';

/**
 * The festival day's cut-off (docs/rules/festivals.md): the instant the event's local clock reads
 * `corteDiario` ("HH:mm", default "06:00"). A ticket's "drinks today" are the ones since the last
 * cut-off. Zod-free, like dates.ts (whose Intl conversion this follows): the public scanner's bundle
 * decides offline with it.
 *
 * Daylight-saving days, decided here once for the server and the offline scanner:
 * - a cut-off at a local time the clock skips (02:30 on the night of 02:00 → 03:00) falls at the
 *   first instant after it, the change itself (the clock then reads 03:00);
 * - a cut-off at a local time the clock reads twice (02:30 on the night of 03:00 → 02:00) falls at
 *   its first occurrence, so the day ends once and the repeated hour belongs to the new day.
 */

export const DEFAULT_CORTE_DIARIO = '06:00';
/** "HH:mm", 00:00–23:59. */
export const CORTE_DIARIO_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let cached = formatters.get(timeZone);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, cached);
  }
  return cached;
}

/** What `timeZone`'s clock reads at `instant`, to the minute, written as if it were UTC. */
function wallClock(instant: number, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    fields[part.type] = Number(part.value);
  }
  const { year, month, day, hour, minute } = fields as Record<
    'year' | 'month' | 'day' | 'hour' | 'minute',
    number
  >;
  return Date.UTC(year, month - 1, day, hour % 24, minute);
}

/** Minutes `timeZone` is ahead of UTC at `instant`. */
const offsetAt = (instant: number, timeZone: string): number =>
  wallClock(instant, timeZone) - Math.floor(instant / MINUTE) * MINUTE;

/**
 * The instant `timeZone`'s clock reads `wall` (a wall time written as if it were UTC): its first
 * occurrence when the clock reads it twice, the change itself when the clock skips it.
 */
function instantOf(wall: number, timeZone: string): number {
  const offsets = new Set([wall - DAY, wall, wall + DAY].map((instant) => offsetAt(instant, timeZone)));
  const candidates = [...offsets].map((offset) => wall - offset);
  const exact = candidates.filter((instant) => wallClock(instant, timeZone) === wall);
  if (exact.length > 0) return Math.min(...exact);
  // Skipped: the clock jumps over `wall` between these two instants; find the jump to the minute.
  let before = Math.min(...candidates);
  let after = Math.max(...candidates);
  while (after - before > MINUTE) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE;
    if (wallClock(middle, timeZone) < wall) before = middle;
    else after = middle;
  }
  return after;
}

/** Minutes after midnight of an "HH:mm" cut-off; a RangeError when it is not one. */
function minutesOf(corteDiario: string): number {
  const match = CORTE_DIARIO_PATTERN.exec(corteDiario);
  if (!match) throw new RangeError(`Hora de corte no válida: ${corteDiario}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The cut-off of the local day `dayOffset` days from the one `now` falls on. */
function cutoffOfDay(now: number, minutes: number, timeZone: string, dayOffset: number): number {
  const today = wallClock(now, timeZone);
  const midnight = Math.floor(today / DAY) * DAY;
  return instantOf(midnight + dayOffset * DAY + minutes * MINUTE, timeZone);
}

/** The last cut-off at or before `now`: the start of `now`'s festival day. */
export function lastCutoff(
  now: Date,
  corteDiario = DEFAULT_CORTE_DIARIO,
  timeZone = DEFAULT_TIME_ZONE,
): Date {
  const minutes = minutesOf(corteDiario);
  const at = now.getTime();
  const today = cutoffOfDay(at, minutes, timeZone, 0);
  return new Date(today <= at ? today : cutoffOfDay(at, minutes, timeZone, -1));
}

/** The first cut-off after `now`: when `now`'s festival day ends. */
export function nextCutoff(
  now: Date,
  corteDiario = DEFAULT_CORTE_DIARIO,
  timeZone = DEFAULT_TIME_ZONE,
): Date {
  const minutes = minutesOf(corteDiario);
  const at = now.getTime();
  const today = cutoffOfDay(at, minutes, timeZone, 0);
  return new Date(today > at ? today : cutoffOfDay(at, minutes, timeZone, 1));
}

/** Whether `time` falls in `now`'s festival day: at or after its last cut-off and before the next one. */
function inFestivalDay(now: Date, corteDiario: string, timeZone: string): (time: Date) => boolean {
  const from = lastCutoff(now, corteDiario, timeZone).getTime();
  const to = nextCutoff(now, corteDiario, timeZone).getTime();
  return (time) => time.getTime() >= from && time.getTime() < to;
}

/**
 * How many of `consumos` fall in `now`'s festival day: at or after its last cut-off and before the
 * next one (a drink recorded later than `now` on a following day is not today's).
 */
export function drinksToday(
  consumos: readonly Date[],
  now: Date,
  corteDiario = DEFAULT_CORTE_DIARIO,
  timeZone = DEFAULT_TIME_ZONE,
): number {
  return consumos.filter(inFestivalDay(now, corteDiario, timeZone)).length;
}

/**
 * A top-up 'Usable también hoy' (`paraHoy`, docs/rules/festivals.md): its drinks also raise the
 * per-day limit of the festival day `at` (when it was made) falls in — that day only.
 */
export interface DayTopUp {
  at: Date;
  bebidas: number;
}

/**
 * The per-day limit of `now`'s festival day: the type's `maxDrinksPerDay` plus the drinks of the
 * ticket's `paraHoy` top-ups made that day (docs/decisions/063). Days are found as `drinksToday`
 * finds them, so a drink and a top-up of the same moment always belong to the same day.
 */
export function dailyAllowance(
  maxDrinksPerDay: number,
  topUps: readonly DayTopUp[] | undefined,
  now: Date,
  corteDiario = DEFAULT_CORTE_DIARIO,
  timeZone = DEFAULT_TIME_ZONE,
): number {
  if (!topUps || topUps.length === 0) return maxDrinksPerDay;
  const today = inFestivalDay(now, corteDiario, timeZone);
  return topUps.reduce((sum, topUp) => (today(topUp.at) ? sum + topUp.bebidas : sum), maxDrinksPerDay);
}

/**
 * 'Hoy: 2 de 4' (docs/rules/festivals.md) — the scanner's, the guest page's and the order detail's words —
 * when an answer carries a ticket's per-day figures (only a type with a per-day limit has them);
 * else null. The second figure is today's limit: `limiteHoy` when today's top-ups raised it.
 */
export function todayText(figures: {
  bebidasHoy?: number;
  maxDrinksPerDay?: number;
  limiteHoy?: number;
}): string | null {
  const { bebidasHoy, maxDrinksPerDay, limiteHoy } = figures;
  if (bebidasHoy === undefined || maxDrinksPerDay === undefined) return null;
  return `Hoy: ${bebidasHoy} de ${limiteHoy ?? maxDrinksPerDay}`;
}
