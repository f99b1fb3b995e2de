import { useWatch } from 'react-hook-form';
import { describedBy, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { numberRules } from '../utils/check-ticket-type';
import { derivedMaxDrinks, type TicketTypeFormValues } from '../utils/form-values';
import { NumberField } from './number-field';
import type { TicketTypeFieldsProps } from './ticket-type-fields-props';
import { ValidityFields } from './validity-fields';

/** The limit fields of the chosen mode and the validity window (docs/rules/states-and-flows.md). */
export function ModeFields(props: TicketTypeFieldsProps) {
  const { form, rules, idPrefix } = props;
  const values = useWatch({ control: form.control }) as TicketTypeFormValues;
  const ranges = numberRules[rules];
  const { modo } = values;
  const computed = derivedMaxDrinks(values);
  const computedId = `${idPrefix}-maxDrinks`;
  const computedError = form.formState.errors.maxDrinks?.message;

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {modo === 'por_cantidad' && (
          <NumberField
            form={form}
            id={`${idPrefix}-maxDrinks`}
            name="maxDrinks"
            label="Máximo de bebidas"
            range={ranges.maxDrinks}
          />
        )}
        {modo !== 'por_cantidad' && (
          <NumberField
            form={form}
            id={`${idPrefix}-durationMinutes`}
            name="durationMinutes"
            label="Duración (minutos)"
            range={modo === 'temporal' ? ranges.temporalDuration : ranges.intervalosDuration}
            deps={['validoHasta', 'drinkIntervalMinutes']}
          />
        )}
        {modo === 'intervalos_controlados' && (
          <>
            <NumberField
              form={form}
              id={`${idPrefix}-drinkIntervalMinutes`}
              name="drinkIntervalMinutes"
              label="Intervalo entre bebidas (minutos)"
              range={ranges.drinkInterval}
              deps={['durationMinutes']}
            />
            <FormField
              id={computedId}
              label="Máximo de bebidas"
              error={computedError}
              hint={
                <>
                  <span>Cálculo automático</span>
                  {computed !== null && (
                    <span>
                      {' '}
                      ({values.durationMinutes} min ÷ {values.drinkIntervalMinutes} min)
                    </span>
                  )}
                </>
              }
            >
              <Input
                id={computedId}
                readOnly
                value={computed ?? ''}
                className="bg-slate-50"
                aria-describedby={describedBy(computedId, { hint: true, error: computedError })}
              />
            </FormField>
          </>
        )}
      </div>
      <ValidityFields {...props} values={values} />
    </div>
  );
}
