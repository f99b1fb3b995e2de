import { z } from 'zod';
import { isCalendarDay } from './iso-date-time';
import { multiLineText, singleLineText } from './text';

export const eventTypes = ['boda', 'cumpleanos', 'corporativo', 'festival', 'otro'] as const;
export const eventTypeLabels: Record<(typeof eventTypes)[number], string> = {
  boda: 'Boda',
  cumpleanos: 'Cumpleaños',
  corporativo: 'Evento corporativo',
  festival: 'Festival',
  otro: 'Otro',
};

const optionalText = (text: z.ZodString, max: number, message: string) =>
  text
    .max(max, message)
    .nullish()
    .transform((value) => value || null);

/** The form sends acceptTerms as the text "true"/"false" (docs/rules/data-model.md); a boolean is accepted too. */
const accepted = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: 'Debes aceptar los términos y condiciones' })
  .transform((value) => value === true || value === 'true')
  .refine((value) => value, 'Debes aceptar los términos y condiciones');

const guestCountMessage = 'El número de invitados debe ser un entero positivo';

export const demoRequestBody = z.object({
  name: singleLineText('El nombre es obligatorio')
    .min(1, 'El nombre es obligatorio')
    .max(200, 'El nombre es demasiado largo'),
  email: singleLineText('El email es obligatorio')
    .min(1, 'El email es obligatorio')
    .max(254, 'El email es demasiado largo')
    .pipe(z.email({ error: 'Email inválido' })),
  phone: optionalText(singleLineText(), 40, 'El teléfono es demasiado largo'),
  eventType: z
    // Messages go on the unions: a union that fails reports its own, not its options' ones.
    .union([z.enum(eventTypes), z.literal('')], { error: 'Tipo de evento no válido' })
    .nullish()
    .transform((value) => value || null),
  guestCount: z
    .union([z.number(), z.string().trim()], { error: guestCountMessage })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === '') return null;
      const count = Number(value);
      if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
        ctx.addIssue({ code: 'custom', message: guestCountMessage });
        return z.NEVER;
      }
      return count;
    }),
  eventDate: z
    .string()
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      // The stored day must exist: PostgreSQL refuses 2026-02-30 and the year 0000.
      if (!isCalendarDay(value.slice(0, 10)) || Number.isNaN(Date.parse(value))) {
        ctx.addIssue({ code: 'custom', message: 'La fecha del evento no es válida' });
        return z.NEVER;
      }
      return value.slice(0, 10);
    }),
  message: optionalText(multiLineText(), 5000, 'El mensaje no puede exceder 5000 caracteres'),
  acceptTerms: accepted,
});
export type DemoRequestBody = z.input<typeof demoRequestBody>;

/** The stored request, as POST /api/demo-request answers it (201). */
export const demoRequest = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  eventType: z.string().nullable(),
  guestCount: z.number().int().nullable(),
  eventDate: z.string().nullable(),
  message: z.string().nullable(),
  acceptTerms: z.boolean(),
  createdAt: z.string(),
});
export type DemoRequest = z.infer<typeof demoRequest>;
