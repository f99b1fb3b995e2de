import { EVENT_BAR_LIMITS } from '@drinkflow/domain/event-bars';
import { useWatch } from 'react-hook-form';
import { describedBy, FormField } from '@/components/ui/form-field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import type { TicketTypeForm } from '../utils/form-feedback';

interface FestivalFieldsProps {
  form: TicketTypeForm;
  idPrefix: string;
  /** The event's bars; without any, "Barras permitidas" is not offered. */
  barras: readonly string[];
}

/** docs/rules/festivals.md: "Máximo por día" and, when the event has bars, "Barras permitidas". */
export function FestivalFields({ form, idPrefix, barras }: FestivalFieldsProps) {
  const dailyId = `${idPrefix}-maxDrinksPerDay`;
  const barsId = `${idPrefix}-barrasPermitidas`;
  const { errors } = form.formState;
  const dailyError = errors.maxDrinksPerDay?.message;
  const barsError = errors.barrasPermitidas?.message;
  const checked = useWatch({ control: form.control, name: 'barrasPermitidas' }) ?? [];

  const toggle = (barra: string, on: boolean) => {
    const next = on ? [...checked, barra] : checked.filter((name) => name !== barra);
    // In the event's order, whatever order they were ticked in.
    const ordered = barras.filter((name) => next.includes(name));
    form.setValue('barrasPermitidas', ordered, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  };

  return (
    <div className="space-y-5">
      <FormField
        id={dailyId}
        label="Máximo por día"
        error={dailyError}
        hint={`Opcional. Entre ${EVENT_BAR_LIMITS.maxDrinksPerDayMin} y ${EVENT_BAR_LIMITS.maxDrinksPerDayMax} bebidas por día del festival; vacío: sin límite diario.`}
      >
        <Input
          id={dailyId}
          type="number"
          inputMode="numeric"
          min={EVENT_BAR_LIMITS.maxDrinksPerDayMin}
          max={EVENT_BAR_LIMITS.maxDrinksPerDayMax}
          step={1}
          aria-invalid={dailyError ? true : undefined}
          aria-describedby={describedBy(dailyId, { hint: true, error: dailyError })}
          {...form.register('maxDrinksPerDay')}
        />
      </FormField>
      {barras.length > 0 && (
        <fieldset
          className="space-y-2"
          aria-describedby={describedBy(barsId, { hint: true, error: barsError })}
        >
          <legend className="text-sm font-medium text-slate-800">Barras permitidas</legend>
          <div className="flex flex-wrap gap-2">
            {barras.map((barra) => (
              <label
                key={barra}
                className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="checkbox"
                  className="accent-brand-700"
                  checked={checked.includes(barra)}
                  onChange={(event) => toggle(barra, event.target.checked)}
                />
                {barra}
              </label>
            ))}
          </div>
          <p id={`${barsId}-hint`} className="text-xs text-slate-600">
            Ninguna marcada: válido en todas las barras.
          </p>
          <FieldError id={`${barsId}-error`} message={barsError} />
        </fieldset>
      )}
    </div>
  );
}
