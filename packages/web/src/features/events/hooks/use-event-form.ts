import { useState } from 'react';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api';
import {
  dateErrors,
  invalidDateMessage,
  keptBars,
  savedBarAt,
  validateEventForm,
  type EventFormErrors,
  type EventFormValues,
} from '../utils/event-form-values';
import type { ApiError as ApiErrorBody } from '@drinkflow/domain/errors';
import type { EventoInput } from '@drinkflow/domain/events';

type DateField = 'fechaInicio' | 'fechaFin';

/** Form state with the spec's validation feedback (the event dialog of docs/rules/validation.md). */
export function useEventForm(initial: () => EventFormValues, missingMessage: string) {
  const [values, setValues] = useState<EventFormValues>(initial);
  const [errors, setErrors] = useState<EventFormErrors>({});

  /**
   * `typing`: a date field's text changed under the keyboard and may be unfinished; its format
   * error waits until the field is left (a change without `typing`), unless it already shows.
   */
  function change(patch: Partial<EventFormValues>, { typing = false }: { typing?: boolean } = {}) {
    const next = { ...values, ...patch };
    setValues(next);
    if ('fechaInicio' in patch || 'fechaFin' in patch) {
      const problems = dateErrors(next);
      const waits = (field: DateField, current: EventFormErrors) =>
        typing &&
        field in patch &&
        problems[field] === invalidDateMessage &&
        current[field] !== invalidDateMessage;
      setErrors((current) => ({
        ...current,
        fechaInicio: waits('fechaInicio', current) ? undefined : problems.fechaInicio,
        fechaFin: waits('fechaFin', current) ? undefined : problems.fechaFin,
      }));
    } else {
      const field = Object.keys(patch)[0] as keyof EventFormValues;
      setErrors((current) => ({ ...current, [field]: undefined }));
    }
  }

  /** The body to send, or null after showing what is wrong. */
  function submit(): EventoInput | null {
    const result = validateEventForm(values);
    if (result.ok) return result.body;
    setErrors(result.errors);
    toast({
      title: result.missingRequired ? 'Campos requeridos' : 'Error de validación',
      description: result.missingRequired
        ? missingMessage
        : (Object.values(result.errors).find(Boolean) ?? 'Revisa los campos marcados.'),
      variant: 'destructive',
    });
    return null;
  }

  /** Puts the server's field messages next to the fields (a 409 next to the bars). */
  function showServerErrors(error: unknown) {
    if (!(error instanceof ApiError)) return;
    const fields: (keyof EventFormValues)[] = [
      'nombre',
      'ubicacion',
      'fechaInicio',
      'fechaFin',
      'notas',
      'barras',
      'corteDiario',
    ];
    const fromServer: EventFormErrors = Object.fromEntries(
      fields.map((field) => [field, error.fieldMessage(field)]).filter(([, message]) => message),
    );
    // A detail `barras.<n>` goes under that bar's row. In a 409 (a bar that a ticket type allows
    // cannot be removed, docs/rules/festivals.md) n is the bar's place in the saved list, and the
    // removed row stays until the organizer resolves it; in a 400, its place in the body sent.
    const rowAt = (position: number) =>
      error.status === 409 ? savedBarAt(values.barras, position) : keptBars(values.barras)[position];
    const underBars = new Map<string, string>();
    for (const detail of (error.body as Partial<ApiErrorBody> | null)?.details ?? []) {
      const position = /^barras\.(\d+)$/.exec(detail.field)?.[1];
      const barra = position === undefined ? undefined : rowAt(Number(position));
      if (barra) underBars.set(barra.key, detail.message);
    }
    if (underBars.size > 0) {
      setValues((current) => ({
        ...current,
        barras: current.barras.map((barra) => ({ ...barra, error: underBars.get(barra.key) })),
      }));
    } else if (error.status === 409) fromServer.barras ??= error.message;
    setErrors((current) => ({ ...current, ...fromServer }));
  }

  const reset = (next: EventFormValues) => {
    setValues(next);
    setErrors({});
  };

  return { values, errors, change, submit, showServerErrors, reset };
}
