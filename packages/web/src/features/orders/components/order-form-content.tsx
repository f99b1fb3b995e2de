import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/hooks/use-toast';
import { firstError, invalidOrderToast, showServerErrors, type OrderFormValues } from '../utils/order-form';
import { OrderFields } from './order-fields';

interface OrderFormContentProps<Output> {
  title: string;
  description: ReactNode;
  idPrefix: string;
  form: UseFormReturn<OrderFormValues, unknown, Output>;
  ticketTypes: readonly Pick<TipoTicket, 'id' | 'nombre'>[] | undefined;
  withQuantity?: boolean;
  eventoId: number;
  submitLabel: string;
  pendingLabel: string;
  /** Saves the checked values; the dialog stays open (and the button disabled) until it settles. */
  save(values: Output): Promise<void>;
  /** The toast's text when saving fails (docs/rules/api-conventions.md); the server's field messages go to the fields. */
  failure: string;
  onCancel(): void;
}

/** The create and edit dialogs' content: the fields, the spec's checks and toasts, the buttons. */
export function OrderFormContent<Output>({
  title,
  description,
  idPrefix,
  form,
  ticketTypes,
  withQuantity,
  eventoId,
  submitLabel,
  pendingLabel,
  save,
  failure,
  onCancel,
}: OrderFormContentProps<Output>) {
  const { isSubmitting, errors } = form.formState;
  const onValid = async (values: Output) => {
    try {
      await save(values);
    } catch (error) {
      showServerErrors(form.setError, error);
      toast({ title: 'Error', description: failure, variant: 'destructive' });
    }
  };
  const onInvalid = (invalid: FieldErrors<OrderFormValues>) =>
    toast({ ...invalidOrderToast(form.getValues(), firstError(invalid)), variant: 'destructive' });
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <form noValidate className="grid gap-6" onSubmit={form.handleSubmit(onValid, onInvalid)}>
        <OrderFields
          idPrefix={idPrefix}
          register={form.register}
          errors={errors}
          ticketTypes={ticketTypes}
          eventoId={eventoId}
          withQuantity={withQuantity}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
            Cancelar
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? pendingLabel : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
