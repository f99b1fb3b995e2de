import { FieldError } from '@/components/ui/field-error';
import { describedBy, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatDateTime, toDateTimeLocal } from '@/lib/format';
import { validityEnd, type TicketTypeFormValues } from '../utils/form-values';
import type { TicketTypeFieldsProps } from './ticket-type-fields';

/**
 * Valid-from and valid-to. Por cantidad in the create dialog is valid for the whole event; the
 * other modes derive valid-to = valid-from + duration (read-only); the edit page lets a por
 * cantidad type choose both ends.
 */
export function ValidityFields({
  form,
  period,
  rules,
  idPrefix,
  values,
}: TicketTypeFieldsProps & { values: TicketTypeFormValues }) {
  const { errors } = form.formState;
  const fromId = `${idPrefix}-validoDesde`;
  const toId = `${idPrefix}-validoHasta`;
  const fromError = errors.validoDesde?.message;
  const toError = errors.validoHasta?.message;
  const eventPeriod = `${formatDateTime(period.fechaInicio)} – ${formatDateTime(period.fechaFin)}`;

  if (rules === 'quick' && values.modo === 'por_cantidad') {
    return (
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
        <p className="font-medium text-slate-900">Válido durante todo el evento</p>
        <p className="text-slate-700">{eventPeriod}</p>
        <FieldError id={`${fromId}-error`} message={fromError} />
        <FieldError id={`${toId}-error`} message={toError} />
      </div>
    );
  }

  const derived = values.modo !== 'por_cantidad';
  const end = derived ? validityEnd(values, period) : null;
  const bounds = { min: toDateTimeLocal(period.fechaInicio), max: toDateTimeLocal(period.fechaFin) };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        id={fromId}
        label="Válido desde"
        error={fromError}
        hint={`Dentro del evento: ${eventPeriod}`}
      >
        <Input
          id={fromId}
          type="datetime-local"
          {...bounds}
          aria-invalid={fromError ? true : undefined}
          aria-describedby={describedBy(fromId, { hint: true, error: fromError })}
          {...form.register('validoDesde', { deps: ['validoHasta'] })}
        />
      </FormField>
      {derived ? (
        <FormField
          id={toId}
          label="Válido hasta"
          error={toError}
          hint="Se calcula: «Válido desde» + duración."
        >
          <Input
            id={toId}
            readOnly
            value={end ? formatDateTime(end) : ''}
            className="bg-slate-50"
            aria-invalid={toError ? true : undefined}
            aria-describedby={describedBy(toId, { hint: true, error: toError })}
          />
        </FormField>
      ) : (
        <FormField id={toId} label="Válido hasta" error={toError}>
          <Input
            id={toId}
            type="datetime-local"
            {...bounds}
            aria-invalid={toError ? true : undefined}
            aria-describedby={describedBy(toId, { error: toError })}
            {...form.register('validoHasta', { deps: ['validoDesde'] })}
          />
        </FormField>
      )}
    </div>
  );
}
