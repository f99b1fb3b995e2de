export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

function parts(date: Date, timeZone: string) {
  const formatted = new Intl.DateTimeFormat('es-ES', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    formatted.find((part) => part.type === type)?.value ?? '';
  return {
    day: get('day'),
    month: get('month'),
    year: get('year'),
    hour: get('hour'),
    minute: get('minute'),
  };
}

/** dd/MM/yyyy HH:mm in the given time zone. */
export function formatDateTime(date: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const p = parts(date, timeZone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** dd/MM/yyyy in the given time zone. */
export function formatDate(date: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const p = parts(date, timeZone);
  return `${p.day}/${p.month}/${p.year}`;
}

/** HH:mm in the given time zone. */
export function formatTime(date: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const p = parts(date, timeZone);
  return `${p.hour}:${p.minute}`;
}

/**
 * When something becomes possible, as every scanner message says it (docs/rules/constants.md):
 * 'a partir de las 23:30' on the same calendar day, else 'a partir del 28/11 a las 06:00'. The
 * words alone, for callers that format the day (dd/MM) and the time themselves.
 */
export function startingAtWords(dayMonth: string, time: string, sameDay: boolean): string {
  return sameDay ? `a partir de las ${time}` : `a partir del ${dayMonth} a las ${time}`;
}

/** `startingAtWords` for `date`, seen from `now`, in `timeZone`. */
export function startingAt(date: Date, now: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const day = formatDate(date, timeZone);
  return startingAtWords(day.slice(0, 5), formatTime(date, timeZone), day === formatDate(now, timeZone));
}

/** Minutes that `timeZone` is ahead of UTC at `instant`. */
function offsetMinutes(instant: number, timeZone: string): number {
  const p = parts(new Date(instant), timeZone);
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour % 24, +p.minute);
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/**
 * The instant a wall-clock time of `timeZone` names (e.g. the start of a day for a date filter).
 * A wall time skipped by a daylight-saving change (02:30 on the spring-forward day) resolves an
 * hour later, to the same instant as 03:30.
 */
export function zonedInstant(
  wall: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number },
  timeZone = DEFAULT_TIME_ZONE,
): Date {
  const guess = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour ?? 0,
    wall.minute ?? 0,
    wall.second ?? 0,
  );
  const first = guess - offsetMinutes(guess, timeZone) * 60_000;
  const second = guess - offsetMinutes(first, timeZone) * 60_000;
  return new Date(second);
}

/** The first and the last millisecond of a day (YYYY-MM-DD) in `timeZone`. */
export function zonedDayBounds(day: string, timeZone = DEFAULT_TIME_ZONE): { start: Date; end: Date } {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const start = zonedInstant({ year, month, day: date }, timeZone);
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  const end = zonedInstant(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
    timeZone,
  );
  return { start, end: new Date(end.getTime() - 1) };
}
