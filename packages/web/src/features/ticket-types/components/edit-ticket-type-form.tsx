import type { Evento } from '@drinkflow/domain/events';
import type { TicketTypeValues, TipoTicket } from '@drinkflow/domain/ticket-types';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { useUpdateTicketType } from '../api/update-ticket-type';
import { ticketTypeFormSchema } from '../utils/check-ticket-type';
import { invalidFormToast, showServerFieldErrors } from '../utils/form-feedback';
import { editDefaults, type TicketTypeFormValues } from '../utils/form-values';
import { TicketTypeFields } from './ticket-type-fields';

interface EditTicketTypeFormProps {
  tipo: TipoTicket;
  evento: Pick<Evento, 'id' | 'fechaInicio' | 'fechaFin' | 'barras'>;
  /** The list to go back to after saving or cancelling, with its event selected. */
  listPath: string;
}

/** The configuration card of the edit page, with the edit page's (= the server's) bounds. */
export function EditTicketTypeForm({ tipo, evento, listPath }: EditTicketTypeFormProps) {
  const navigate = useNavigate();
  const form = useForm<TicketTypeFormValues, unknown, TicketTypeValues>({
    resolver: zodResolver(ticketTypeFormSchema(evento, 'edit')),
    defaultValues: editDefaults(tipo),
  });
  const { mutateAsync } = useUpdateTicketType();
  const { isSubmitting } = form.formState;
  const backToList = () => navigate(listPath);

  const onValid = async (body: TicketTypeValues) => {
    try {
      const saved = await mutateAsync({ id: tipo.id, body });
      toast({
        title: 'Tipo de ticket actualizado',
        description: `Los cambios en «${saved.nombre}» se han guardado.`,
      });
      backToList();
    } catch (error) {
      showServerFieldErrors(form, error);
      toast({
        title: 'Error al actualizar',
        description: errorMessage(error, 'Hubo un problema al guardar los cambios.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Configuración</CardTitle>
        <CardDescription>El periodo de validez debe quedar dentro del evento.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onValid, invalidFormToast)} className="space-y-6">
          <TicketTypeFields form={form} period={evento} rules="edit" idPrefix="editar-tipo" />
          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={backToList} disabled={isSubmitting}>
              Cancelar
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Guardando...' : 'Guardar Cambios'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
