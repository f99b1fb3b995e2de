import { z } from 'zod';
import { barrasPermitidas, maxDrinksPerDay } from './event-bars';
import { idNumber } from './ids';
import { isoDateTime } from './iso-date-time';
import { modos, type Modo } from './ticket-type-labels';
import { singleLineText } from './text';

// The plain names and texts live apart so that pages without zod (the bar scanner) can use them.
export { limitText, modoLabels, modos, type Modo } from './ticket-type-labels';

/** Names the order and scanner views used for the same modes (docs/rules/data-model.md); stored canonically. */
export const modoAliases: Record<string, Modo> = {
  barra_libre_tiempo: 'temporal',
  barra_libre_controlada: 'intervalos_controlados',
};

/**
 * The stored mode for a name the API accepts, or undefined. Only the aliases' own keys count:
 * `constructor` or `toString` (inherited from Object) are not modes.
 */
export const canonicalModo = (value: string): Modo | undefined => {
  if ((modos as readonly string[]).includes(value)) return value as Modo;
  return Object.hasOwn(modoAliases, value) ? modoAliases[value] : undefined;
};

export const limits = {
  nombre: { min: 3, max: 100 },
  drinkType: { min: 3, max: 50 },
  maxDrinks: { min: 1, max: 50 },
  durationMinutes: { min: 30, max: 1440 },
  drinkIntervalMinutes: { min: 1, max: 240 },
} as const;

export const defaults = {
  maxDrinks: 4,
  temporalDurationMinutes: 120,
  intervalosDurationMinutes: 180,
  drinkIntervalMinutes: 30,
} as const;

export const messages = {
  nombreRequired: 'El nombre es requerido',
  nombreMin: 'El nombre debe tener al menos 3 caracteres',
  nombreMax: 'El nombre no puede exceder 100 caracteres',
  drinkTypeRequired: 'El tipo de bebida es requerido',
  drinkTypeMin: 'El tipo de bebida debe tener al menos 3 caracteres',
  drinkTypeMax: 'El tipo de bebida no puede exceder 50 caracteres',
  maxDrinks: 'Debe especificar entre 1 y 50 bebidas',
  duration: 'La duración debe estar entre 30 y 1440 minutos',
  interval: 'El intervalo debe estar entre 1 y 240 minutos',
  intervalOverDuration: 'El intervalo no puede ser mayor que la duración',
  validoDesde: 'La fecha de inicio del ticket no es válida',
  validoHasta: 'La fecha de fin del ticket no es válida',
  validityOrder: 'La fecha de fin del ticket debe ser posterior a la fecha de inicio',
  startOutsideEvent: 'La fecha de inicio del ticket debe estar dentro del período del evento',
  endOutsideEvent: 'La fecha de fin del ticket debe estar dentro del período del evento',
  modo: 'El modo debe ser por_cantidad, temporal o intervalos_controlados',
} as const;

// The message goes on the union: one on z.number() would be replaced by the union's "Invalid input".
const optionalInt = z
  .union([z.number(), z.literal('')], { error: 'Debe ser un número' })
  .nullish()
  .transform((value) => (value === '' || value === undefined ? null : value));

const ticketTypeFields = z.object({
  eventoId: idNumber('El evento es obligatorio'),
  nombre: singleLineText(messages.nombreRequired)
    .min(1, messages.nombreRequired)
    .min(limits.nombre.min, messages.nombreMin)
    .max(limits.nombre.max, messages.nombreMax),
  modo: z.string({ error: messages.modo }).transform((value, ctx) => {
    const modo = canonicalModo(value);
    if (!modo) {
      ctx.addIssue({ code: 'custom', message: messages.modo });
      return z.NEVER;
    }
    return modo;
  }),
  maxDrinks: optionalInt,
  drinkIntervalMinutes: optionalInt,
  durationMinutes: optionalInt,
  drinkType: singleLineText(messages.drinkTypeRequired)
    .min(1, messages.drinkTypeRequired)
    .min(limits.drinkType.min, messages.drinkTypeMin)
    .max(limits.drinkType.max, messages.drinkTypeMax),
  validoDesde: isoDateTime(messages.validoDesde),
  validoHasta: isoDateTime(messages.validoHasta),
  // docs/rules/festivals.md. Undefined when absent: a new type gets null, an update keeps the stored value
  // (docs/decisions/045); null clears it.
  maxDrinksPerDay: maxDrinksPerDay.optional(),
  barrasPermitidas: barrasPermitidas.optional(),
});

const inRange = (value: number | null, range: { min: number; max: number }): value is number =>
  value !== null && Number.isInteger(value) && value >= range.min && value <= range.max;

/**
 * A ticket type as the API accepts it: the edit page's bounds (docs/rules/scan-rules.md), the mode's fields
 * normalised (those that do not apply become null; intervalos derives maxDrinks when absent).
 */
export const ticketTypeBody = ticketTypeFields.transform((body, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const { modo } = body;
  let maxDrinks: number | null = null;
  let durationMinutes: number | null = null;
  let drinkIntervalMinutes: number | null = null;
  if (modo === 'por_cantidad') {
    if (!inRange(body.maxDrinks, limits.maxDrinks)) issue('maxDrinks', messages.maxDrinks);
    maxDrinks = body.maxDrinks;
  } else {
    if (!inRange(body.durationMinutes, limits.durationMinutes)) issue('durationMinutes', messages.duration);
    durationMinutes = body.durationMinutes;
  }
  if (modo === 'intervalos_controlados') {
    if (!inRange(body.drinkIntervalMinutes, limits.drinkIntervalMinutes))
      issue('drinkIntervalMinutes', messages.interval);
    drinkIntervalMinutes = body.drinkIntervalMinutes;
    if (body.maxDrinks !== null && !inRange(body.maxDrinks, { min: 1, max: 1440 })) {
      issue('maxDrinks', 'El número de bebidas debe ser un entero positivo');
    }
    maxDrinks =
      body.maxDrinks ??
      (durationMinutes && drinkIntervalMinutes ? Math.floor(durationMinutes / drinkIntervalMinutes) : null);
    // A derived count of 0 would make a ticket type that refuses every drink.
    if (body.maxDrinks === null && maxDrinks !== null && maxDrinks < 1) {
      issue('drinkIntervalMinutes', messages.intervalOverDuration);
    }
  }
  if (Date.parse(body.validoHasta) <= Date.parse(body.validoDesde))
    issue('validoHasta', messages.validityOrder);
  return {
    eventoId: body.eventoId,
    nombre: body.nombre,
    modo,
    maxDrinks,
    durationMinutes,
    drinkIntervalMinutes,
    drinkType: body.drinkType,
    validoDesde: new Date(body.validoDesde).toISOString(),
    validoHasta: new Date(body.validoHasta).toISOString(),
    maxDrinksPerDay: body.maxDrinksPerDay,
    barrasPermitidas: body.barrasPermitidas,
  };
});
export type TicketTypeInput = z.input<typeof ticketTypeBody>;
export type TicketTypeValues = z.output<typeof ticketTypeBody>;

/** Checks that a validity window lies inside its event's period; returns field issues. */
export function validityOutsideEvent(
  validity: { validoDesde: string | Date; validoHasta: string | Date },
  evento: { fechaInicio: string | Date; fechaFin: string | Date },
): { field: 'validoDesde' | 'validoHasta'; message: string }[] {
  const start = new Date(evento.fechaInicio).getTime();
  const end = new Date(evento.fechaFin).getTime();
  const from = new Date(validity.validoDesde).getTime();
  const to = new Date(validity.validoHasta).getTime();
  const problems: { field: 'validoDesde' | 'validoHasta'; message: string }[] = [];
  if (from < start || from > end)
    problems.push({ field: 'validoDesde', message: messages.startOutsideEvent });
  if (to < start || to > end) problems.push({ field: 'validoHasta', message: messages.endOutsideEvent });
  return problems;
}

export const tipoTicket = z.object({
  id: z.number(),
  eventoId: z.number(),
  nombre: z.string(),
  modo: z.enum(modos),
  maxDrinks: z.number().nullable(),
  drinkIntervalMinutes: z.number().nullable(),
  durationMinutes: z.number().nullable(),
  drinkType: z.string(),
  validoDesde: z.string(),
  validoHasta: z.string(),
  /** Drinks allowed since the last daily cut-off (docs/rules/festivals.md); null = no daily limit. */
  maxDrinksPerDay: z.number().nullable(),
  /** The event's bars this type is valid at; null = every bar. */
  barrasPermitidas: z.array(z.string()).nullable(),
  evento: z.object({ nombre: z.string(), ubicacion: z.string() }).optional(),
});
export type TipoTicket = z.infer<typeof tipoTicket>;

/** What the create form fills in when the mode changes (docs/rules/states-and-flows.md). */
export function applyModeDefaults(
  modo: Modo,
  current: { maxDrinks: number | null; durationMinutes: number | null; drinkIntervalMinutes: number | null },
  period: { validoDesde: Date; eventoInicio: Date; eventoFin: Date },
) {
  if (modo === 'por_cantidad') {
    return {
      maxDrinks: current.maxDrinks ?? defaults.maxDrinks,
      durationMinutes: null,
      drinkIntervalMinutes: null,
      validoDesde: period.eventoInicio,
      validoHasta: period.eventoFin,
    };
  }
  if (modo === 'temporal') {
    const durationMinutes = current.durationMinutes ?? defaults.temporalDurationMinutes;
    return {
      maxDrinks: null,
      durationMinutes,
      drinkIntervalMinutes: null,
      validoDesde: period.validoDesde,
      validoHasta: new Date(period.validoDesde.getTime() + durationMinutes * 60_000),
    };
  }
  const durationMinutes = current.durationMinutes ?? defaults.intervalosDurationMinutes;
  const drinkIntervalMinutes = current.drinkIntervalMinutes ?? defaults.drinkIntervalMinutes;
  return {
    maxDrinks: Math.floor(durationMinutes / drinkIntervalMinutes),
    durationMinutes,
    drinkIntervalMinutes,
    validoDesde: period.validoDesde,
    validoHasta: new Date(period.validoDesde.getTime() + durationMinutes * 60_000),
  };
}
