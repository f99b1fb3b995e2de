import { z } from 'zod';
import { barras, corteDiario } from './event-bars';
import { isoDateTime } from './iso-date-time';

import { eventStatuses } from './event-status';
import { multiLineText, singleLineText } from './text';

export { eventStatus, eventStatuses, eventStatusLabels, type EventStatus } from './event-status';

export const eventMessages = {
  nombre: 'El nombre del evento es obligatorio',
  nombreMax: 'El nombre no puede exceder 200 caracteres',
  ubicacion: 'La ubicación es obligatoria',
  ubicacionMax: 'La ubicación no puede exceder 200 caracteres',
  fechaInicio: 'La fecha de inicio no es válida',
  fechaFin: 'La fecha de fin no es válida',
  order: 'La fecha de fin debe ser posterior a la fecha de inicio',
  notasMax: 'Las notas no pueden exceder 2000 caracteres',
} as const;

/**
 * Create and update body; organizadorId is ignored (the server sets it, docs/rules/accounts-and-roles.md). `barras` and
 * `corteDiario` (docs/rules/festivals.md) stay undefined when absent: a new event gets [] and "06:00", an
 * update keeps what the event has (docs/decisions/045).
 */
export const eventoBody = z
  .object({
    nombre: singleLineText(eventMessages.nombre)
      .min(1, eventMessages.nombre)
      .max(200, eventMessages.nombreMax),
    ubicacion: singleLineText(eventMessages.ubicacion)
      .min(1, eventMessages.ubicacion)
      .max(200, eventMessages.ubicacionMax),
    fechaInicio: isoDateTime(eventMessages.fechaInicio),
    fechaFin: isoDateTime(eventMessages.fechaFin),
    notas: multiLineText()
      .max(2000, eventMessages.notasMax)
      .nullish()
      .transform((value) => value || null),
    esPrivado: z
      .boolean({ error: 'esPrivado debe ser verdadero o falso' })
      .nullish()
      .transform((value) => value ?? false),
    barras: barras.optional(),
    corteDiario: corteDiario.optional(),
    /** Scanner calls need a paired device (docs/rules/devices.md); absent on update keeps the event's. */
    soloDispositivosAutorizados: z
      .boolean({ error: 'soloDispositivosAutorizados debe ser verdadero o falso' })
      .optional(),
  })
  .refine((body) => Date.parse(body.fechaFin) > Date.parse(body.fechaInicio), {
    path: ['fechaFin'],
    message: eventMessages.order,
    // Compare only two valid dates: a bad fechaInicio already has its own message.
    when: (payload) => payload.issues.length === 0,
  })
  .transform((body) => ({
    ...body,
    fechaInicio: new Date(body.fechaInicio).toISOString(),
    fechaFin: new Date(body.fechaFin).toISOString(),
  }));
export type EventoInput = z.input<typeof eventoBody>;
export type EventoValues = z.output<typeof eventoBody>;

export const API_KEY_PATTERN = /^[A-Za-z0-9_-]+$/;
/** A key is the scanner's only credential: short ones can be guessed (docs/rules/events.md). */
export const API_KEY_LENGTH = { min: 20, max: 128 } as const;
export const apiKeyMessages = {
  required: 'La API Key es obligatoria',
  min: `La API Key debe tener al menos ${API_KEY_LENGTH.min} caracteres`,
  max: `La API Key no puede exceder ${API_KEY_LENGTH.max} caracteres`,
  pattern: 'La API Key solo puede contener letras, números, guiones (-) y guiones bajos (_)',
  taken: 'Esta API Key ya está en uso por otro evento',
  tooManyChanges: 'Demasiados cambios de API Key. Vuelve a intentarlo dentro de una hora.',
} as const;

export const apiKeyBody = z.object({
  apiKey: z
    .string({ error: apiKeyMessages.required })
    .trim()
    .min(1, apiKeyMessages.required)
    .min(API_KEY_LENGTH.min, apiKeyMessages.min)
    .max(API_KEY_LENGTH.max, apiKeyMessages.max)
    .regex(API_KEY_PATTERN, apiKeyMessages.pattern),
});

export const evento = z.object({
  id: z.number(),
  nombre: z.string(),
  ubicacion: z.string(),
  fechaInicio: z.string(),
  fechaFin: z.string(),
  organizadorId: z.number(),
  notas: z.string().nullable(),
  esPrivado: z.boolean(),
  apiKey: z.string(),
  /** The event's bars (docs/rules/festivals.md); [] = the scanner asks for free text. */
  barras: z.array(z.string()),
  /** "HH:mm" in the app's time zone: when one festival day ends. */
  corteDiario: z.string(),
  soloDispositivosAutorizados: z.boolean(),
  estado: z.enum(eventStatuses),
  createdAt: z.string(),
  /** The reader's role in the event (docs/rules/team.md); absent for an admin reading. */
  miRol: z.enum(['propietario', 'barra', 'supervisor', 'coorganizador']).optional(),
});
export type Evento = z.infer<typeof evento>;

export const eventoCounters = z.object({
  tiposTicket: z.number(),
  pedidosActivos: z.number(),
  ticketsEscaneados: z.number(),
});

export const eventoDetail = evento.extend({ contadores: eventoCounters });
export type EventoDetail = z.infer<typeof eventoDetail>;

/** The event's scanner key, as setting or regenerating it answers. */
export const apiKeyResponse = z.object({ apiKey: z.string() });
export type ApiKeyResponse = z.infer<typeof apiKeyResponse>;
