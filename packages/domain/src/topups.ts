import { z } from 'zod';
import { multiLineText } from './text';

/**
 * Top-ups (docs/rules/festivals.md): `POST /api/tickets/{id}/recargas` adds drinks to one ticket's total
 * limit (por_cantidad and intervalos_controlados; a temporal ticket → 400 `notLimited`).
 */

export const TOP_UP_LIMITS = {
  bebidasMin: 1,
  bebidasMax: 50,
  notaMax: 500,
  /** The largest amount the database column holds (numeric(10,2), docs/decisions/052). */
  importeMax: 99_999_999.99,
} as const;

export const topUpMetodos = ['efectivo', 'tarjeta', 'invitacion'] as const;
export type TopUpMetodo = (typeof topUpMetodos)[number];

export const topUpMetodoLabels: Record<TopUpMetodo, string> = {
  efectivo: 'Efectivo',
  tarjeta: 'Tarjeta',
  invitacion: 'Invitación',
};

export const topUpMessages = {
  bebidas: `Las bebidas de la recarga deben ser un número entero entre ${TOP_UP_LIMITS.bebidasMin} y ${TOP_UP_LIMITS.bebidasMax}`,
  importe: 'El importe debe ser un número mayor o igual que 0',
  importeMax: 'El importe no puede superar 99.999.999,99 €',
  importeDecimales: 'El importe no puede tener más de 2 decimales',
  metodo: 'El método de pago debe ser efectivo, tarjeta o invitación',
  nota: 'La nota debe ser un texto',
  paraHoy: 'Usables también hoy debe ser verdadero o falso',
  notaMax: `La nota no puede exceder ${TOP_UP_LIMITS.notaMax} caracteres`,
  /** The server's 400 for a top-up of a ticket without a count limit. */
  notLimited: 'Las recargas solo aplican a tickets con límite de bebidas',
  /** The server's 400 for a top-up of an invalidated ticket. */
  invalidated: 'No se puede recargar un ticket invalidado. Reactívalo antes de añadir bebidas.',
} as const;

/**
 * At most 2 decimals, as euros are written: the number is the one a 2-decimal text reads as
 * (12.5 and 19.99 are; 1.005 and 0.30000000000000004 are not).
 */
export const hasAtMostTwoDecimals = (value: number): boolean => Math.round(value * 100) / 100 === value;

/** POST /api/tickets/{id}/recargas. */
export const topUpBody = z.object({
  bebidas: z
    .number({ error: topUpMessages.bebidas })
    .int(topUpMessages.bebidas)
    .min(TOP_UP_LIMITS.bebidasMin, topUpMessages.bebidas)
    .max(TOP_UP_LIMITS.bebidasMax, topUpMessages.bebidas),
  importe: z
    .number({ error: topUpMessages.importe })
    .min(0, topUpMessages.importe)
    .max(TOP_UP_LIMITS.importeMax, topUpMessages.importeMax)
    .refine(hasAtMostTwoDecimals, topUpMessages.importeDecimales)
    .nullish()
    .transform((value) => value ?? undefined),
  metodo: z
    .enum(topUpMetodos, { error: topUpMessages.metodo })
    .nullish()
    .transform((value) => value ?? undefined),
  nota: multiLineText(topUpMessages.nota)
    .max(TOP_UP_LIMITS.notaMax, topUpMessages.notaMax)
    .nullish()
    .transform((value) => value || undefined),
  /**
   * 'Usables también hoy' (docs/decisions/063): on a ticket whose type has a per-day limit, the
   * drinks also raise that limit for the festival day the top-up is made in; elsewhere no effect.
   */
  paraHoy: z
    .boolean({ error: topUpMessages.paraHoy })
    .nullish()
    .transform((value) => value ?? false),
});
export type TopUpInput = z.input<typeof topUpBody>;
export type TopUpValues = z.output<typeof topUpBody>;

/**
 * One stored top-up, as POST answers it (201) and GET lists it (newest first). `importe` is a JSON
 * number (euros) or null; `creadoPor` is null once the account that registered it is deleted.
 */
export const recarga = z.object({
  id: z.number(),
  ticketId: z.number(),
  bebidas: z.number().int(),
  importe: z.number().nullable(),
  metodo: z.enum(topUpMetodos).nullable(),
  nota: z.string().nullable(),
  creadoPor: z.object({ nombre: z.string() }).nullable(),
  /** True only when it raised a per-day limit too (the type had one when it was made). */
  paraHoy: z.boolean(),
  createdAt: z.string(),
});
export type Recarga = z.infer<typeof recarga>;

/** The statistics' top-ups of an event: drinks added and euros taken (docs/rules/festivals.md). */
export const recargasStats = z.object({
  bebidas: z.number().int().nonnegative(),
  importe: z.number().nonnegative(),
});
export type RecargasStats = z.infer<typeof recargasStats>;

/** The most top-ups `GET /api/eventos/{id}/recargas` lists (the newest); the CSV holds them all. */
export const EVENT_TOP_UPS_LIST_LIMIT = 500;

/** One top-up of an event, with the ticket's holder and type (the report's table). */
export const recargaDeEvento = recarga.extend({
  titular: z.string(),
  tipoTicket: z.string(),
});
export type RecargaDeEvento = z.infer<typeof recargaDeEvento>;

/** Top-ups counted together: how many, drinks added and euros taken. */
export const topUpTotals = z.object({
  recargas: z.number().int().nonnegative(),
  bebidas: z.number().int().nonnegative(),
  importe: z.number().nonnegative(),
});
export type TopUpTotals = z.infer<typeof topUpTotals>;

/**
 * `GET /api/eventos/{id}/recargas` (the printable report): the event's top-ups in total and by
 * payment method — the three methods always, in that order, then `metodo: null` ("sin indicar")
 * only when some top-up names none — and the newest {@link EVENT_TOP_UPS_LIST_LIMIT} top-ups in
 * time order, oldest first. `total.recargas` above the list's length means the list was cut.
 */
export const eventTopUps = z.object({
  total: topUpTotals,
  porMetodo: z.array(topUpTotals.extend({ metodo: z.enum(topUpMetodos).nullable() })),
  recargas: z.array(recargaDeEvento),
});
export type EventTopUps = z.infer<typeof eventTopUps>;

/**
 * `GET /api/tickets/{id}/recargas/hoy`: what the top-up dialog shows of a ticket's festival day
 * (docs/decisions/063). `hoy` is null when the ticket's type has no per-day limit.
 */
export const topUpToday = z.object({
  hoy: z
    .object({
      /** Drinks served in the festival day the request falls on. */
      bebidasHoy: z.number().int().nonnegative(),
      maxDrinksPerDay: z.number().int().positive(),
      /** Today's limit: `maxDrinksPerDay` plus today's top-ups 'Usables también hoy'. */
      limiteHoy: z.number().int().positive(),
      /** The next cut-off (ISO), when drinks not usable today become usable; null when the ticket is no longer valid then. */
      proximoCorte: z.string().nullable(),
    })
    .nullable(),
});
export type TopUpToday = z.infer<typeof topUpToday>;
