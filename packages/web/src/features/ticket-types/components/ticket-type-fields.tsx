import { describedBy, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { DrinkTypeField } from './drink-type-field';
import { FestivalFields } from './festival-fields';
import { ModeChoice } from './mode-choice';
import { ModeFields } from './mode-fields';
import type { TicketTypeFieldsProps } from './ticket-type-fields-props';

/** The ticket type's fields, shared by the create dialog and the edit page. */
export function TicketTypeFields(props: TicketTypeFieldsProps) {
  const { form, idPrefix } = props;
  const error = form.formState.errors.nombre?.message;
  const id = `${idPrefix}-nombre`;
  return (
    <div className="space-y-5">
      <FormField id={id} label="Nombre" error={error}>
        <Input
          id={id}
          autoComplete="off"
          placeholder="Ej.: Barra libre 2 horas"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { error })}
          {...form.register('nombre')}
        />
      </FormField>
      <ModeChoice {...props} />
      <DrinkTypeField form={form} id={`${idPrefix}-drinkType`} />
      <ModeFields {...props} />
      <FestivalFields form={form} idPrefix={idPrefix} barras={props.period.barras ?? []} />
    </div>
  );
}
