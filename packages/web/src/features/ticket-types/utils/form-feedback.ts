import type { TicketTypeValues } from '@drinkflow/domain/ticket-types';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api';
import { formFields, type TicketTypeFormValues } from './form-values';

export type TicketTypeForm = UseFormReturn<TicketTypeFormValues, unknown, TicketTypeValues>;

/** Shows the server's field messages (400 `details`) next to their fields. */
export function showServerFieldErrors(form: TicketTypeForm, error: unknown) {
  if (!(error instanceof ApiError)) return;
  for (const field of formFields) {
    const message = error.fieldMessage(field);
    if (message) form.setError(field, { message });
  }
}

/** docs/rules/validation.md: the toast for a form that does not pass its checks. */
export const invalidFormToast = () =>
  toast({
    title: 'Errores en el formulario',
    description: 'Por favor, corrige los errores antes de continuar.',
    variant: 'destructive',
  });
