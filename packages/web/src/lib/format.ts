import { format, isValid, parseISO } from 'date-fns';
import { es } from 'date-fns/locale';

const parse = (value: string | Date) => (value instanceof Date ? value : parseISO(value));

/** dd/MM/yyyy HH:mm in the browser's time zone. */
export const formatDateTime = (value: string | Date) => format(parse(value), 'dd/MM/yyyy HH:mm');
/** dd/MM/yyyy in the browser's time zone. */
export const formatDate = (value: string | Date) => format(parse(value), 'dd/MM/yyyy');
/** e.g. "sábado, 4 de julio de 2026, 20:00". */
export const formatLong = (value: string | Date) =>
  format(parse(value), "EEEE, d 'de' MMMM 'de' yyyy, HH:mm", { locale: es });

/** A date for an <input type="datetime-local"> (local time, minutes). */
export const toDateTimeLocal = (value: string | Date) => format(parse(value), "yyyy-MM-dd'T'HH:mm");

/** An <input type="datetime-local"> value as an ISO UTC string, or null when empty or invalid. */
export function fromDateTimeLocal(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return isValid(date) ? date.toISOString() : null;
}
