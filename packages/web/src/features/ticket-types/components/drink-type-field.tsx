import { drinkTypeChoices } from '@drinkflow/domain/bebidas';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { describedBy, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { TicketTypeForm } from '../utils/form-feedback';

/** Free text (docs/rules/data-model.md) with the usual choices one click away. */
export function DrinkTypeField({ form, id }: { form: TicketTypeForm; id: string }) {
  const value = useWatch({ control: form.control, name: 'drinkType' });
  const error = form.formState.errors.drinkType?.message;
  const choose = (choice: string) =>
    form.setValue('drinkType', choice, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  return (
    <FormField
      id={id}
      label="Tipo de bebida"
      error={error}
      hint="Texto libre o una opción rápida. «Todo» permite cualquier bebida."
    >
      <Input
        id={id}
        list={`${id}-options`}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: true, error })}
        {...form.register('drinkType')}
      />
      <datalist id={`${id}-options`}>
        {drinkTypeChoices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </datalist>
      <div role="group" aria-label="Opciones rápidas de tipo de bebida" className="flex flex-wrap gap-2">
        {drinkTypeChoices.map((choice) => {
          const selected = value.trim().toLocaleLowerCase('es') === choice.value;
          return (
            <Button
              key={choice.value}
              size="sm"
              variant={selected ? 'default' : 'outline'}
              aria-pressed={selected}
              onClick={() => choose(choice.value)}
            >
              {choice.label}
            </Button>
          );
        })}
      </div>
    </FormField>
  );
}
