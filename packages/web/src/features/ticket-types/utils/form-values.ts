import { applyModeDefaults, type Modo, type TipoTicket } from '@drinkflow/domain/ticket-types';
import { fromDateTimeLocal, toDateTimeLocal } from '@/lib/format';

/**
 * 'quick' = the create dialog's bounds; 'edit' = the edit page's bounds, which are also the
 * server's (docs/rules/validation.md, docs/rules/scan-rules.md).
 */
export type FormRules = 'quick' | 'edit';

/** The event a ticket type belongs to: its validity window must lie inside this period. */
export interface EventPeriod {
  id: number;
  fechaInicio: string;
  fechaFin: string;
  /** The event's bars (docs/rules/festivals.md): the choices of "Barras permitidas". */
  barras?: readonly string[];
}

/** What the inputs hold: numbers as typed, dates as typed and shown (dd/MM/yyyy HH:mm, local time). */
export interface TicketTypeFormValues {
  nombre: string;
  modo: Modo;
  drinkType: string;
  maxDrinks: string;
  durationMinutes: string;
  drinkIntervalMinutes: string;
  validoDesde: string;
  validoHasta: string;
  /** docs/rules/festivals.md: empty = no daily limit. */
  maxDrinksPerDay: string;
  /** docs/rules/festivals.md: none checked = every bar. */
  barrasPermitidas: string[];
}
export type FormField = keyof TicketTypeFormValues;

/** Every field of the form, in display order. */
export const formFields = [
  'nombre',
  'modo',
  'drinkType',
  'maxDrinks',
  'durationMinutes',
  'drinkIntervalMinutes',
  'validoDesde',
  'validoHasta',
  'maxDrinksPerDay',
  'barrasPermitidas',
] as const satisfies FormField[];
export interface FieldIssue {
  field: FormField;
  message: string;
}

/** An input's number: null when empty or not a number. */
export function toNumber(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
export const toText = (value: number | null) => (value === null ? '' : String(value));

/** A date field's text as ISO; the event's own start and end keep their exact instant. */
export function localToIso(value: string, period: EventPeriod): string | null {
  if (!value) return null;
  if (value === toDateTimeLocal(period.fechaInicio)) return new Date(period.fechaInicio).toISOString();
  if (value === toDateTimeLocal(period.fechaFin)) return new Date(period.fechaFin).toISOString();
  return fromDateTimeLocal(value);
}

/** intervalos_controlados: maxDrinks = floor(duration / interval) (docs/rules/states-and-flows.md). */
export function derivedMaxDrinks(
  values: Pick<TicketTypeFormValues, 'durationMinutes' | 'drinkIntervalMinutes'>,
) {
  const duration = toNumber(values.durationMinutes);
  const interval = toNumber(values.drinkIntervalMinutes);
  return duration && interval && duration > 0 && interval > 0 ? Math.floor(duration / interval) : null;
}

/** Valid-to: as typed for por_cantidad, otherwise valid-from + duration (docs/rules/states-and-flows.md). */
export function validityEnd(values: TicketTypeFormValues, period: EventPeriod): string | null {
  if (values.modo === 'por_cantidad') return localToIso(values.validoHasta, period);
  const from = localToIso(values.validoDesde, period);
  const duration = toNumber(values.durationMinutes);
  if (!from || duration === null || duration <= 0) return null;
  return new Date(Date.parse(from) + duration * 60_000).toISOString();
}

/** The values a mode switch fills in (docs/rules/states-and-flows.md, through the domain's applyModeDefaults). */
export function modeValues(modo: Modo, values: TicketTypeFormValues, period: EventPeriod) {
  const from = localToIso(values.validoDesde, period);
  const next = applyModeDefaults(
    modo,
    {
      maxDrinks: toNumber(values.maxDrinks),
      durationMinutes: toNumber(values.durationMinutes),
      drinkIntervalMinutes: toNumber(values.drinkIntervalMinutes),
    },
    {
      validoDesde: new Date(from ?? period.fechaInicio),
      eventoInicio: new Date(period.fechaInicio),
      eventoFin: new Date(period.fechaFin),
    },
  );
  return {
    modo,
    maxDrinks: toText(next.maxDrinks),
    durationMinutes: toText(next.durationMinutes),
    drinkIntervalMinutes: toText(next.drinkIntervalMinutes),
    validoDesde: toDateTimeLocal(next.validoDesde),
    validoHasta: toDateTimeLocal(next.validoHasta),
  } satisfies Partial<TicketTypeFormValues>;
}

/** A new ticket type: por cantidad, all drinks, valid for the whole event. */
export function createDefaults(period: EventPeriod): TicketTypeFormValues {
  const empty = {
    maxDrinks: '',
    durationMinutes: '',
    drinkIntervalMinutes: '',
    validoDesde: '',
    validoHasta: '',
  };
  const festival = { maxDrinksPerDay: '', barrasPermitidas: [] };
  return {
    nombre: '',
    drinkType: 'todo',
    ...festival,
    ...modeValues(
      'por_cantidad',
      { nombre: '', drinkType: '', modo: 'por_cantidad', ...empty, ...festival },
      period,
    ),
  };
}

export const editDefaults = (tipo: TipoTicket): TicketTypeFormValues => ({
  nombre: tipo.nombre,
  modo: tipo.modo,
  drinkType: tipo.drinkType,
  maxDrinks: toText(tipo.maxDrinks),
  durationMinutes: toText(tipo.durationMinutes),
  drinkIntervalMinutes: toText(tipo.drinkIntervalMinutes),
  validoDesde: toDateTimeLocal(tipo.validoDesde),
  validoHasta: toDateTimeLocal(tipo.validoHasta),
  maxDrinksPerDay: toText(tipo.maxDrinksPerDay),
  barrasPermitidas: tipo.barrasPermitidas ?? [],
});
