import { DEFAULT_CORTE_DIARIO, type RenameBarInput } from '@drinkflow/domain/event-bars';
import { barKey } from '@drinkflow/domain/scan-rules';
import { eventoBody, type Evento, type EventoInput } from '@drinkflow/domain/events';
import { fromDateTimeLocal, toDateTimeLocal } from '@/lib/format';

/** What the fields hold; the dates as typed and shown, dd/MM/yyyy HH:mm in local time. */
export interface EventFormValues {
  nombre: string;
  ubicacion: string;
  fechaInicio: string;
  fechaFin: string;
  esPrivado: boolean;
  notas: string;
  /** The event's bars in order (docs/rules/festivals.md). */
  barras: BarEntry[];
  /** "HH:mm": when each festival day ends. */
  corteDiario: string;
  /** Scanner calls need a paired device (docs/rules/devices.md). */
  soloDispositivosAutorizados: boolean;
}

/**
 * One bar in the form: `original` is its saved name (null for a bar added here). A saved bar the
 * organizer removes stays as a row marked `quitada` until the save succeeds, so a refusal (a ticket
 * type allows it) shows under that row, `error`, and 'Deshacer' keeps it.
 */
export interface BarEntry {
  key: string;
  original: string | null;
  nombre: string;
  quitada?: boolean;
  error?: string;
}

/** The bars the event keeps: every row but the removed ones. */
export const keptBars = (barras: readonly BarEntry[]) => barras.filter((barra) => !barra.quitada);

/**
 * The row a server detail `barras.<n>` names: the n-th bar of the saved list, which the form holds
 * in the same order (renames keep each bar's place; removed ones stay as rows).
 */
export function savedBarAt(barras: readonly BarEntry[], position: number): BarEntry | undefined {
  return barras.filter((barra) => barra.original !== null)[position];
}

let nextBarKey = 0;
export const barEntry = (nombre: string, original: string | null = null): BarEntry => ({
  key: `barra-${++nextBarKey}`,
  original,
  nombre,
});

/** The name a bar holds for a moment while bars swap names (at most 40 characters). */
const TEMPORARY_BAR_PREFIX = 'Renombrando ';

/**
 * The saved bars renamed in the form, as PATCH …/barras bodies in an order the server accepts: a
 * bar is renamed only once no other bar holds its new name (compared as the scanner does), and two
 * bars that swap names (or any cycle) go through a temporary name first.
 */
export function barRenames(barras: readonly BarEntry[]): RenameBarInput[] {
  const pending = keptBars(barras)
    .filter((barra) => barra.original !== null && barra.original !== barra.nombre.trim())
    .map((barra) => ({ de: barra.original!, a: barra.nombre.trim() }));
  // The event's names while the renames run, by the key the server compares them with.
  const held = new Set(barras.flatMap((barra) => (barra.original === null ? [] : [barKey(barra.original)])));
  const steps: RenameBarInput[] = [];
  const apply = (step: RenameBarInput) => {
    held.delete(barKey(step.de));
    held.add(barKey(step.a));
    steps.push(step);
  };
  let temporary = 0;
  while (pending.length > 0) {
    const free = pending.findIndex(({ de, a }) => barKey(a) === barKey(de) || !held.has(barKey(a)));
    if (free >= 0) {
      apply(pending.splice(free, 1)[0]!);
      continue;
    }
    // Every pending target is taken by another pending bar: move one out of the way.
    const stuck = pending[0]!;
    let parked: string;
    do parked = `${TEMPORARY_BAR_PREFIX}${++temporary}`;
    while (held.has(barKey(parked)));
    apply({ de: stuck.de, a: parked });
    stuck.de = parked;
  }
  return steps;
}

export type EventFormErrors = Partial<Record<keyof EventFormValues, string>>;

const HOUR = 60 * 60 * 1000;

/** A new event starts at the next full hour and lasts 6 hours (docs/rules/events.md). */
export function newEventValues(now = new Date()): EventFormValues {
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setTime(start.getTime() + HOUR);
  return {
    nombre: '',
    ubicacion: '',
    fechaInicio: toDateTimeLocal(start),
    fechaFin: toDateTimeLocal(new Date(start.getTime() + 6 * HOUR)),
    esPrivado: false,
    notas: '',
    barras: [],
    corteDiario: DEFAULT_CORTE_DIARIO,
    soloDispositivosAutorizados: false,
  };
}

export const eventValuesFrom = (evento: Evento): EventFormValues => ({
  nombre: evento.nombre,
  ubicacion: evento.ubicacion,
  fechaInicio: toDateTimeLocal(evento.fechaInicio),
  fechaFin: toDateTimeLocal(evento.fechaFin),
  esPrivado: evento.esPrivado,
  notas: evento.notas ?? '',
  barras: (evento.barras ?? []).map((nombre) => barEntry(nombre, nombre)),
  corteDiario: evento.corteDiario ?? DEFAULT_CORTE_DIARIO,
  soloDispositivosAutorizados: evento.soloDispositivosAutorizados ?? false,
});

/**
 * Whether the form looks like a festival's: bars of its own or more than a day long. Then "Solo
 * dispositivos autorizados" is recommended (docs/rules/devices.md).
 */
export function looksLikeFestival(values: Pick<EventFormValues, 'barras' | 'fechaInicio' | 'fechaFin'>) {
  if (keptBars(values.barras).length > 0) return true;
  const start = fromDateTimeLocal(values.fechaInicio);
  const end = fromDateTimeLocal(values.fechaFin);
  return !!start && !!end && Date.parse(end) - Date.parse(start) > 24 * HOUR;
}

export const invalidDateMessage = 'Formato de fecha inválido';

/** Only the date problems, each field's own, for feedback while the dates are edited. */
export function dateErrors(values: Pick<EventFormValues, 'fechaInicio' | 'fechaFin'>): EventFormErrors {
  const errors: EventFormErrors = {};
  const read = (field: 'fechaInicio' | 'fechaFin') => {
    if (!values[field].trim()) {
      errors[field] = 'Ambas fechas son requeridas';
      return null;
    }
    const iso = fromDateTimeLocal(values[field]);
    if (!iso) errors[field] = invalidDateMessage;
    return iso;
  };
  const start = read('fechaInicio');
  const end = read('fechaFin');
  if (start && end && Date.parse(end) <= Date.parse(start))
    errors.fechaFin = 'La fecha de fin debe ser posterior a la fecha de inicio';
  return errors;
}

export type EventValidation =
  { ok: true; body: EventoInput } | { ok: false; errors: EventFormErrors; missingRequired: boolean };

/** Checks the form with the server's own schema; the body carries UTC ISO dates. */
export function validateEventForm(values: EventFormValues): EventValidation {
  const errors: EventFormErrors = { ...dateErrors(values) };
  if (!values.nombre.trim()) errors.nombre = 'El nombre es obligatorio';
  if (!values.ubicacion.trim()) errors.ubicacion = 'La ubicación es obligatoria';
  const missingRequired = !!errors.nombre || !!errors.ubicacion;
  if (Object.keys(errors).length > 0) return { ok: false, errors, missingRequired };
  const body: EventoInput = {
    nombre: values.nombre,
    ubicacion: values.ubicacion,
    fechaInicio: fromDateTimeLocal(values.fechaInicio)!,
    fechaFin: fromDateTimeLocal(values.fechaFin)!,
    esPrivado: values.esPrivado,
    notas: values.notas,
    barras: keptBars(values.barras).map((barra) => barra.nombre.trim()),
    corteDiario: values.corteDiario,
    soloDispositivosAutorizados: values.soloDispositivosAutorizados,
  };
  const parsed = eventoBody.safeParse(body);
  if (parsed.success) return { ok: true, body };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof EventFormValues;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors, missingRequired: false };
}
