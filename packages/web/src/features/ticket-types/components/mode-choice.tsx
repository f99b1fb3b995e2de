import { modoLabels, modos, type Modo } from '@drinkflow/domain/ticket-types';
import { useWatch } from 'react-hook-form';
import { cn } from '@/lib/utils';
import { modeValues } from '../utils/form-values';
import type { TicketTypeFieldsProps } from './ticket-type-fields-props';

const descriptions: Record<Modo, string> = {
  por_cantidad: 'Un número máximo de bebidas.',
  temporal: 'Bebidas sin límite durante un tiempo.',
  intervalos_controlados: 'Una bebida cada cierto tiempo.',
};

/** The three modes; choosing one fills in its defaults (docs/rules/states-and-flows.md). */
export function ModeChoice({ form, period }: TicketTypeFieldsProps) {
  const current = useWatch({ control: form.control, name: 'modo' });
  const registration = form.register('modo', {
    onChange: (event: { target: { value: string } }) => {
      const next = modeValues(event.target.value as Modo, form.getValues(), period);
      for (const [field, value] of Object.entries(next)) {
        form.setValue(field as keyof typeof next, value as never, { shouldDirty: true });
      }
      form.clearErrors();
      if (form.formState.isSubmitted) void form.trigger();
    },
  });

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Modo</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {modos.map((modo) => (
          <label
            key={modo}
            className={cn(
              'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
              current === modo ? 'border-brand-600 bg-brand-50' : 'border-slate-300',
            )}
          >
            <input type="radio" value={modo} className="mt-1 accent-brand-700" {...registration} />
            <span>
              <span className="block font-medium text-slate-900">{modoLabels[modo]}</span>
              <span className="block text-xs text-slate-600">{descriptions[modo]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
