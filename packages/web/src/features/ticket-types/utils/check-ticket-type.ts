import {
  limits,
  messages,
  modos,
  ticketTypeBody,
  validityOutsideEvent,
  type TicketTypeValues,
} from '@drinkflow/domain/ticket-types';
import { z } from 'zod';
import {
  derivedMaxDrinks,
  localToIso,
  toNumber,
  validityEnd,
  type EventPeriod,
  type FieldIssue,
  formFields,
  type FormField,
  type FormRules,
  type TicketTypeFormValues,
} from './form-values';

type Range = { readonly min: number; readonly max: number };

/** Bounds of the numeric inputs and their messages by rule set (docs/rules/validation.md, docs/rules/constants.md). */
export const numberRules = {
  quick: {
    maxDrinks: { ...limits.maxDrinks, message: messages.maxDrinks },
    temporalDuration: { min: 30, max: 1440, message: messages.duration },
    intervalosDuration: { min: 60, max: 1440, message: 'La duración debe estar entre 60 y 1440 minutos' },
    drinkInterval: { min: 5, max: 180, message: 'El intervalo debe estar entre 5 y 180 minutos' },
  },
  edit: {
    maxDrinks: { ...limits.maxDrinks, message: messages.maxDrinks },
    temporalDuration: { ...limits.durationMinutes, message: messages.duration },
    intervalosDuration: { ...limits.durationMinutes, message: messages.duration },
    drinkInterval: { ...limits.drinkIntervalMinutes, message: messages.interval },
  },
} as const satisfies Record<FormRules, Record<string, Range & { message: string }>>;

export const intervalOverDuration = messages.intervalOverDuration;

const isFormField = (field: unknown): field is FormField =>
  typeof field === 'string' && (formFields as readonly string[]).includes(field);

const inRange = (value: number | null, range: Range): value is number =>
  value !== null && Number.isInteger(value) && value >= range.min && value <= range.max;

/** The mode's numbers against the rule set's bounds. */
function numberIssues(
  values: TicketTypeFormValues,
  rules: FormRules,
  add: (field: FormField, message: string) => void,
) {
  const bounds = numberRules[rules];
  const duration = toNumber(values.durationMinutes);
  const interval = toNumber(values.drinkIntervalMinutes);
  const check = (field: FormField, value: number | null, range: Range & { message: string }) => {
    if (!inRange(value, range)) add(field, range.message);
  };
  if (values.modo === 'por_cantidad') check('maxDrinks', toNumber(values.maxDrinks), bounds.maxDrinks);
  if (values.modo === 'temporal') check('durationMinutes', duration, bounds.temporalDuration);
  if (values.modo === 'intervalos_controlados') {
    check('durationMinutes', duration, bounds.intervalosDuration);
    check('drinkIntervalMinutes', interval, bounds.drinkInterval);
    if (duration && interval && interval > duration) add('drinkIntervalMinutes', intervalOverDuration);
  }
}

/**
 * Checks the form with the chosen bounds, the server's schema and the event period; returns the
 * API body when everything holds, and the first problem of each field otherwise.
 */
export function checkTicketType(
  values: TicketTypeFormValues,
  period: EventPeriod,
  rules: FormRules,
): { payload: TicketTypeValues | null; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const add = (field: FormField, message: string) => {
    if (!issues.some((issue) => issue.field === field)) issues.push({ field, message });
  };
  const { modo } = values;
  numberIssues(values, rules, add);
  const duration = toNumber(values.durationMinutes);
  const interval = toNumber(values.drinkIntervalMinutes);
  const computed = derivedMaxDrinks(values);

  const validoDesde = localToIso(values.validoDesde, period);
  const validoHasta = validityEnd(values, period);
  if (!validoDesde) add('validoDesde', messages.validoDesde);
  if (!validoHasta && modo === 'por_cantidad') add('validoHasta', messages.validoHasta);
  if (validoDesde && validoHasta) {
    if (Date.parse(validoHasta) <= Date.parse(validoDesde)) add('validoHasta', messages.validityOrder);
    for (const problem of validityOutsideEvent({ validoDesde, validoHasta }, period)) {
      add(problem.field, problem.message);
    }
  }

  // The server's schema: the name and drink type messages, and the body it expects.
  const parsed = ticketTypeBody.safeParse({
    eventoId: period.id,
    nombre: values.nombre,
    modo,
    maxDrinks: modo === 'intervalos_controlados' ? computed || null : toNumber(values.maxDrinks),
    durationMinutes: duration,
    drinkIntervalMinutes: interval,
    drinkType: values.drinkType,
    // A missing date is already reported; a stand-in lets the other checks run.
    validoDesde: validoDesde ?? period.fechaInicio,
    validoHasta: validoHasta ?? period.fechaFin,
    // docs/rules/festivals.md: an empty field sends null (no daily limit), no bar checked null (every bar).
    maxDrinksPerDay: dailyLimit(values.maxDrinksPerDay),
    barrasPermitidas: values.barrasPermitidas.length > 0 ? values.barrasPermitidas : null,
  });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0];
    if (isFormField(field)) add(field, issue.message);
  }
  return { payload: issues.length === 0 && parsed.success ? parsed.data : null, issues };
}

/** "Máximo por día" as typed: null when empty, NaN (refused by the schema) when not a number. */
const dailyLimit = (text: string) => (text.trim() === '' ? null : (toNumber(text) ?? Number.NaN));

const formShape = z.object({
  nombre: z.string(),
  modo: z.enum(modos),
  drinkType: z.string(),
  maxDrinks: z.string(),
  durationMinutes: z.string(),
  drinkIntervalMinutes: z.string(),
  validoDesde: z.string(),
  validoHasta: z.string(),
  maxDrinksPerDay: z.string(),
  barrasPermitidas: z.array(z.string()),
});

/** The form's schema for zodResolver: form values in, the API body out. */
export const ticketTypeFormSchema = (period: EventPeriod, rules: FormRules) =>
  formShape.transform((values, ctx) => {
    const { payload, issues } = checkTicketType(values, period, rules);
    for (const issue of issues) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    return payload ?? z.NEVER;
  });
