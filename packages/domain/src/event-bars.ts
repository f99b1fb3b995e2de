import { z } from 'zod';
import { CORTE_DIARIO_PATTERN, DEFAULT_CORTE_DIARIO } from './daily-cutoff';
import { barKey } from './scan-rules';
import { singleLineText } from './text';

export { CORTE_DIARIO_PATTERN, DEFAULT_CORTE_DIARIO };

/**
 * An event's bars and the end of its festival day (docs/rules/festivals.md): `barras` (1–40 characters each,
 * at most 50, unique case-insensitively) and `corteDiario` ("HH:mm", default "06:00", in the app's
 * time zone). Also the ticket type's fields that use them: `maxDrinksPerDay` and `barrasPermitidas`.
 */

export const EVENT_BAR_LIMITS = {
  nombreMax: 40,
  barrasMax: 50,
  maxDrinksPerDayMin: 1,
  maxDrinksPerDayMax: 50,
} as const;

export const eventBarMessages = {
  nombre: 'El nombre de la barra es obligatorio',
  nombreMax: `El nombre de la barra no puede exceder ${EVENT_BAR_LIMITS.nombreMax} caracteres`,
  barras: 'Las barras deben ser una lista de nombres',
  barrasMax: `Un evento no puede tener más de ${EVENT_BAR_LIMITS.barrasMax} barras`,
  duplicada: 'Hay barras con el mismo nombre',
  corteDiario: 'La hora de corte debe tener el formato HH:mm (00:00–23:59)',
  maxDrinksPerDay: `El límite diario debe ser un número entero entre ${EVENT_BAR_LIMITS.maxDrinksPerDayMin} y ${EVENT_BAR_LIMITS.maxDrinksPerDayMax}`,
  barrasPermitidas: 'Elige al menos una barra o ninguna restricción',
  barraDesconocida: 'Alguna de las barras permitidas no es una barra del evento',
} as const;

/** One bar's name: trimmed, 1–40 characters. */
export const barraNombre = singleLineText(eventBarMessages.nombre)
  .min(1, eventBarMessages.nombre)
  .max(EVENT_BAR_LIMITS.nombreMax, eventBarMessages.nombreMax);

/** The names of `names` that repeat an earlier one, compared as bars are (trimmed, any case). */
export function duplicateBars(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = barKey(name);
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
}

const uniqueBars = <T extends z.ZodType<string[]>>(schema: T) =>
  schema.refine((names) => duplicateBars(names).length === 0, {
    message: eventBarMessages.duplicada,
    when: (payload) => payload.issues.length === 0,
  });

/** An event's bars: at most 50 names, unique case-insensitively. */
export const barras = uniqueBars(
  z
    .array(barraNombre, { error: eventBarMessages.barras })
    .max(EVENT_BAR_LIMITS.barrasMax, eventBarMessages.barrasMax),
);

/** When the festival day ends: "HH:mm", 00:00–23:59. */
export const corteDiario = z
  .string({ error: eventBarMessages.corteDiario })
  .trim()
  .regex(CORTE_DIARIO_PATTERN, eventBarMessages.corteDiario);

/** The event's bars and cut-off, as an event body carries them (both optional). */
export const eventBarsFields = z.object({
  barras: barras.optional(),
  corteDiario: corteDiario.optional(),
});
export type EventBarsInput = z.input<typeof eventBarsFields>;

/** PATCH /api/eventos/{id}/barras {de, a}: renames a bar everywhere (docs/rules/festivals.md). */
export const renameBarBody = z.object({ de: barraNombre, a: barraNombre });
export type RenameBarInput = z.input<typeof renameBarBody>;

/** A ticket type's per-day limit: 1–50, or null (absent) for none. */
export const maxDrinksPerDay = z
  .number({ error: eventBarMessages.maxDrinksPerDay })
  .int(eventBarMessages.maxDrinksPerDay)
  .min(EVENT_BAR_LIMITS.maxDrinksPerDayMin, eventBarMessages.maxDrinksPerDay)
  .max(EVENT_BAR_LIMITS.maxDrinksPerDayMax, eventBarMessages.maxDrinksPerDay)
  .nullish()
  .transform((value) => value ?? null);

/**
 * A ticket type's bars: null (absent) for every bar, else a non-empty list without repeats. That
 * they are the event's bars is {@link unknownBars}'s check (the schema does not know the event).
 */
export const barrasPermitidas = uniqueBars(
  z
    .array(barraNombre, { error: eventBarMessages.barras })
    .min(1, eventBarMessages.barrasPermitidas)
    .max(EVENT_BAR_LIMITS.barrasMax, eventBarMessages.barrasMax),
)
  .nullish()
  .transform((value) => value ?? null);

/** The names of `permitidas` that are not among the event's `barras` (compared trimmed, any case). */
export function unknownBars(permitidas: readonly string[], eventBars: readonly string[]): string[] {
  const known = new Set(eventBars.map(barKey));
  return permitidas.filter((name) => !known.has(barKey(name)));
}
