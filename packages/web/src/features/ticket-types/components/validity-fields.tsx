import { Controller } from 'react-hook-form';
import { DateTimeInput } from '@/components/ui/date-time-input';
import { FieldError } from '@/components/ui/field-error';
import { describedBy, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatDateTime } from '@/lib/format';
import { validityEnd, type TicketTypeFormValues } from '../utils/form-values';
import type { TicketTypeFieldsProps } from './ticket-type-fields-props';

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

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        id={fromId}
        label="Válido desde"
        error={fromError}
        hint={`Dentro del evento: ${eventPeriod}`}
      >
        <ValidityDateField
          form={form}
          name="validoDesde"
          id={fromId}
          period={period}
          descriptionIds={describedBy(fromId, { hint: true, error: fromError })}
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
          <ValidityDateField
            form={form}
            name="validoHasta"
            id={toId}
            period={period}
            descriptionIds={describedBy(toId, { error: toError })}
          />
        </FormField>
      )}
    </div>
  );
}

interface ValidityDateFieldProps extends Pick<TicketTypeFieldsProps, 'form' | 'period'> {
  name: 'validoDesde' | 'validoHasta';
  id: string;
  /** The ids of the field's hint and error, for aria-describedby. */
  descriptionIds: string | undefined;
}

/** One end of the window, typed or picked; the calendar offers only the event's days. */
function ValidityDateField({ form, period, name, id, descriptionIds }: ValidityDateFieldProps) {
  const other = name === 'validoDesde' ? 'validoHasta' : 'validoDesde';
  return (
    <Controller
      control={form.control}
      name={name}
      rules={{ deps: [other] }}
      render={({ field, fieldState }) => (
        <DateTimeInput
          id={id}
          calendarLabel={name === 'validoDesde' ? 'Abrir calendario (desde)' : 'Abrir calendario (hasta)'}
          min={new Date(period.fechaInicio)}
          max={new Date(period.fechaFin)}
          {...field}
          aria-invalid={fieldState.error ? true : undefined}
          aria-describedby={descriptionIds}
        />
      )}
    />
  );
}
