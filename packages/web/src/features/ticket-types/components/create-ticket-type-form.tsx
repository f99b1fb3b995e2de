import type { TicketTypeValues } from '@drinkflow/domain/ticket-types';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { useCreateTicketType } from '../api/create-ticket-type';
import { ticketTypeFormSchema } from '../utils/check-ticket-type';
import { invalidFormToast, showServerFieldErrors } from '../utils/form-feedback';
import { createDefaults, type EventPeriod, type TicketTypeFormValues } from '../utils/form-values';
import { TicketTypeFields } from './ticket-type-fields';

interface CreateTicketTypeFormProps {
  evento: EventPeriod;
  onCancel(): void;
  onCreated(): void;
}

/** The quick form of the create dialog (docs/rules/validation.md "quick form" bounds). */
export function CreateTicketTypeForm({ evento, onCancel, onCreated }: CreateTicketTypeFormProps) {
  const form = useForm<TicketTypeFormValues, unknown, TicketTypeValues>({
    resolver: zodResolver(ticketTypeFormSchema(evento, 'quick')),
    defaultValues: createDefaults(evento),
  });
  const { mutateAsync } = useCreateTicketType();
  const { isSubmitting } = form.formState;

  const onValid = async (body: TicketTypeValues) => {
    try {
      const created = await mutateAsync(body);
      toast({ title: 'Tipo de ticket creado', description: `«${created.nombre}» está listo para usarse.` });
      form.reset(createDefaults(evento));
      onCreated();
    } catch (error) {
      showServerFieldErrors(form, error);
      toast({
        title: 'Error al crear tipo de ticket',
        description: errorMessage(error, 'Ha ocurrido un error inesperado.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, invalidFormToast)} className="space-y-6">
      <TicketTypeFields form={form} period={evento} rules="quick" idPrefix="nuevo-tipo" />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancelar
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creando...' : 'Crear Tipo de Ticket'}
        </Button>
      </DialogFooter>
    </form>
  );
}
