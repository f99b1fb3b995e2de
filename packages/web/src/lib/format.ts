import { format, parseISO } from 'date-fns';
import { es } from 'date-fns/locale';

/*
 * One Spanish format for every date the app shows or lets a person type: dd/MM/yyyy and
 * dd/MM/yyyy HH:mm (24 h), in the browser's time zone (Europe/Madrid for our organizers).
 * The API keeps ISO-8601 UTC strings; these helpers convert between the two.
 */

const toDate = (value: string | Date) => (value instanceof Date ? value : parseISO(value));
const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase('es') + text.slice(1);

/** dd/MM/yyyy HH:mm in the browser's time zone. */
export const formatDateTime = (value: string | Date) => format(toDate(value), 'dd/MM/yyyy HH:mm');
/** dd/MM/yyyy in the browser's time zone. */
export const formatDate = (value: string | Date) => format(toDate(value), 'dd/MM/yyyy');
/** HH:mm (24 h) in the browser's time zone. */
export const formatTime = (value: string | Date) => format(toDate(value), 'HH:mm');
/** The weekday, capitalised the same on every page, then the date and time: "Sábado, 04/07/2026 20:00". */
export const formatLong = (value: string | Date) =>
  `${capitalise(format(toDate(value), 'EEEE', { locale: es }))}, ${formatDateTime(value)}`;

const DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const TIME = /^(\d{1,2}):(\d{2})$/;

/**
 * The local date and time with exactly these parts, or null when they name no real moment:
 * 31/02, 29/02 of a non-leap year, 24:00, and a time skipped by the change to summer time
 * (29/03/2026 02:30 in Europe/Madrid) are refused rather than moved. A time that happens twice
 * when summer time ends (25/10/2026 02:30) is its first occurrence, still in summer time.
 */
function localDate(day: number, month: number, year: number, hours = 0, minutes = 0): Date | null {
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  date.setHours(hours, minutes, 0, 0);
  const exact =
    date.getFullYear() === year &&
    date.getMonth() === month - 1 &&
    date.getDate() === day &&
    date.getHours() === hours &&
    date.getMinutes() === minutes;
  return exact ? date : null;
}

/** "d/M/yyyy" (also with '.' or '-') as local midnight, or null. */
export function parseDate(text: string): Date | null {
  const parts = DATE.exec(text.trim());
  return parts ? localDate(Number(parts[1]), Number(parts[2]), Number(parts[3])) : null;
}

/** A typed dd/MM/yyyy as yyyy-MM-dd (what a date filter holds), or '' when it is not a date. */
export function toIsoDay(text: string): string {
  const date = parseDate(text);
  return date ? format(date, 'yyyy-MM-dd') : '';
}

/** A yyyy-MM-dd day as dd/MM/yyyy; '' stays ''. */
export const fromIsoDay = (day: string) => (day ? formatDate(parseISO(day)) : '');

/** "H:mm" as [hours, minutes], or null (24:00 and 12:60 are refused). */
export function parseTime(text: string): [number, number] | null {
  const parts = TIME.exec(text.trim());
  if (!parts) return null;
  const [hours, minutes] = [Number(parts[1]), Number(parts[2])];
  return hours < 24 && minutes < 60 ? [hours, minutes] : null;
}

/** "dd/MM/yyyy HH:mm" as typed (one-digit day, month or hour accepted) as a local date, or null. */
export function parseDateTime(text: string): Date | null {
  const [dateText = '', timeText = '', ...rest] = text.trim().split(/,?\s+/);
  const date = parseDate(dateText);
  const time = parseTime(timeText);
  if (!date || !time || rest.length > 0) return null;
  return localDate(date.getDate(), date.getMonth() + 1, date.getFullYear(), ...time);
}

/** A date-time as its form field holds it: the shown format, dd/MM/yyyy HH:mm. */
export const toDateTimeLocal = formatDateTime;

/** A date-time field's text as an ISO UTC string, or null when empty or invalid. */
export const fromDateTimeLocal = (text: string): string | null => parseDateTime(text)?.toISOString() ?? null;

/** What a date or date-time field shows once left: its text in the canonical form when it is valid. */
export function normaliseDateText(text: string, withTime: boolean): string {
  const date = withTime ? parseDateTime(text) : parseDate(text);
  return date ? (withTime ? formatDateTime(date) : formatDate(date)) : text;
}

const SEPARATOR_AFTER: [RegExp, string][] = [
  [/^\d{2}$/, '/'],
  [/^\d{1,2}\/\d{2}$/, '/'],
  [/^\d{1,2}\/\d{1,2}\/\d{4}$/, ' '],
  [/^\d{1,2}\/\d{1,2}\/\d{4} \d{2}$/, ':'],
];

/**
 * Helps typing dd/MM/yyyy HH:mm (or only the date, or only HH:mm with `part: 'time'`): when the
 * text grows at its end and completes a day, month, year or hour, the next separator is added;
 * a separator typed right after an added one is not doubled. Deleting and editing inside the
 * text are left alone.
 */
export function assistDateTyping(previous: string, next: string, part: 'date' | 'date-time' | 'time') {
  if (next.length <= previous.length || !next.startsWith(previous)) return next;
  const added = next.slice(previous.length);
  if (/^[/ :]$/.test(added) && previous.endsWith(added)) return previous;
  const steps =
    part === 'time' ? [[/^\d{2}$/, ':'] as const] : SEPARATOR_AFTER.slice(0, part === 'date' ? 2 : 4);
  const step = steps.find(([pattern]) => pattern.test(next));
  return step ? next + step[1] : next;
}

// Made on first use, not when the module loads: a page's first Intl formatter loads ICU's data,
// about 100 ms of a mid-range phone's main thread, and the organizer's first page shows no
// amount (docs/decisions/049).
let euros: Intl.NumberFormat | undefined;
/** 12,50 € — an amount as Spanish readers write it. */
export const formatEuros = (value: number) =>
  (euros ??= new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' })).format(value);
