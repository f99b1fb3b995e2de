import type { OfflineData } from '@drinkflow/domain/offline-data';
import { modos } from '@drinkflow/domain/ticket-type-labels';

/*
 * The offline data's check before it is stored: exactly what the domain's `offlineData` zod schema
 * accepts, written without zod. The schema library alone would add about 27 kB gzip to the public
 * scanner, over its budget (scripts/route-budget.mjs); the web's tests prove this check and the
 * schema agree on valid data and on each field broken in turn.
 */

type Check = (value: unknown) => boolean;

const text: Check = (value) => typeof value === 'string';
const number: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const base64Url: Check = (value) => typeof value === 'string' && /^[A-Za-z0-9_-]+$/.test(value);
const nullableNumber: Check = (value) => value === null || number(value);
const positiveInteger: Check = (value) => Number.isInteger(value) && (value as number) > 0;
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);
const oneOf =
  (...options: readonly string[]): Check =>
  (value) =>
    typeof value === 'string' && options.includes(value);
const arrayOf =
  (item: Check): Check =>
  (value) =>
    // Spread: a hole in the array reads as undefined, as the schema reads it.
    Array.isArray(value) && [...(value as unknown[])].every(item);
const object =
  (shape: Record<string, Check>): Check =>
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(shape).every(([key, check]) => check((value as Record<string, unknown>)[key]));

const isOfflineData = object({
  evento: object({
    nombre: text,
    ubicacion: text,
    fechaInicio: text,
    fechaFin: text,
    zonaHoraria: text,
  }),
  tiposTicket: arrayOf(
    object({
      id: number,
      nombre: text,
      modo: oneOf(...modos),
      maxDrinks: nullableNumber,
      drinkIntervalMinutes: nullableNumber,
      durationMinutes: nullableNumber,
      drinkType: text,
      validoDesde: text,
      validoHasta: text,
    }),
  ),
  tickets: arrayOf(
    object({
      id: (value) => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value),
      ticketId: number,
      ticketTypeId: number,
      estado: oneOf('activo', 'invalidado'),
      createdAt: text,
      consumos: arrayOf(text),
      titular: object({ iv: base64Url, datos: base64Url }),
      // The rule reads each one's time and drinks (docs/decisions/063).
      recargasHoy: optional(arrayOf(object({ createdAt: text, bebidas: positiveInteger }))),
    }),
  ),
  generadoEn: text,
});

/** `value` when it is offline data the scanner can use, else null. */
export const asOfflineData = (value: unknown): OfflineData | null =>
  isOfflineData(value) ? (value as OfflineData) : null;
