import { z } from 'zod';

export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

/** An ISO-8601 date-time with offset or Z, as the wire carries it (DECISIONS §1). */
export const isoDateTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine(
      (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)),
      message,
    );

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
