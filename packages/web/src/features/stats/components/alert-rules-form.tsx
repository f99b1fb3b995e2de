import type { AlertRules } from '@drinkflow/domain/alerts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { describedBy, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { ApiError, errorMessage } from '@/lib/api';
import { useSaveAlertRules } from '../api/save-alert-rules';
import {
  parseRules,
  ruleFields,
  ruleHints,
  ruleLabels,
  toInputs,
  type RuleField,
} from '../utils/alert-rule-fields';

/** The event's thresholds; an empty field turns its alert off. */
export function AlertRulesForm({ eventoId, rules }: { eventoId: number; rules: AlertRules }) {
  const [inputs, setInputs] = useState(() => toInputs(rules));
  const [errors, setErrors] = useState<Partial<Record<RuleField, string>>>({});
  const save = useSaveAlertRules(eventoId);

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = parseRules(inputs);
    setErrors(parsed.errors ?? {});
    if (!parsed.rules) return;
    save.mutate(parsed.rules, {
      onSuccess: () =>
        toast({ title: 'Umbrales guardados', description: 'Se aplican desde la próxima comprobación.' }),
      onError: (error) => {
        if (error instanceof ApiError) {
          const fromServer: Partial<Record<RuleField, string>> = {};
          for (const field of ruleFields) {
            const message = error.fieldMessage(field);
            if (message) fromServer[field] = message;
          }
          setErrors(fromServer);
        }
        toast({
          title: 'No se pudieron guardar los umbrales',
          description: errorMessage(error, 'Inténtalo de nuevo.'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Umbrales de alerta">
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {ruleFields.map((field) => {
          const id = `alert-rule-${field}`;
          return (
            <FormField
              key={field}
              id={id}
              label={ruleLabels[field]}
              error={errors[field]}
              hint={ruleHints[field]}
            >
              <Input
                id={id}
                inputMode="numeric"
                placeholder="Desactivada"
                value={inputs[field]}
                aria-invalid={!!errors[field]}
                aria-describedby={describedBy(id, { hint: true, error: errors[field] })}
                onChange={(event) => setInputs((current) => ({ ...current, [field]: event.target.value }))}
              />
            </FormField>
          );
        })}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Guardando...' : 'Guardar umbrales'}
        </Button>
      </div>
    </form>
  );
}
