import { describedBy, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { FormField as Field } from '../utils/form-values';
import type { TicketTypeForm } from '../utils/form-feedback';

interface NumberFieldProps {
  form: TicketTypeForm;
  id: string;
  name: Extract<Field, 'maxDrinks' | 'durationMinutes' | 'drinkIntervalMinutes'>;
  label: string;
  range: { min: number; max: number };
  /** Fields whose checks depend on this one. */
  deps?: Field[];
}

export function NumberField({ form, id, name, label, range, deps }: NumberFieldProps) {
  const error = form.formState.errors[name]?.message;
  return (
    <FormField id={id} label={label} error={error} hint={`Entre ${range.min} y ${range.max}.`}>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={range.min}
        max={range.max}
        step={1}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: true, error })}
        {...form.register(name, { deps })}
      />
    </FormField>
  );
}
