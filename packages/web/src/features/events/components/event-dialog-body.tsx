import type { Evento } from '@drinkflow/domain/events';
import { Button } from '@/components/ui/button';
import {
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api';
import { useSaveEvent } from '../api/save-event';
import { barRenames, eventValuesFrom, newEventValues } from '../utils/event-form-values';
import { EventFormFields } from './event-form-fields';
import { useEventForm } from '../hooks/use-event-form';

/** The event form inside the dialog: loaded when a dialog first opens (event-dialog.tsx). */
export function EventDialogBody({ evento, onDone }: { evento?: Evento; onDone(): void }) {
  const form = useEventForm(
    () => (evento ? eventValuesFrom(evento) : newEventValues()),
    'Por favor completa todos los campos obligatorios.',
  );
  const save = useSaveEvent();

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const body = form.submit();
    if (!body) return;
    save.mutate(
      { id: evento?.id, body, renames: barRenames(form.values.barras) },
      {
        onSuccess: (saved) => {
          toast(
            evento
              ? {
                  title: 'Evento actualizado',
                  description: `El evento "${saved.nombre}" ha sido actualizado exitosamente.`,
                }
              : {
                  title: 'Evento creado',
                  description: `El evento "${saved.nombre}" ha sido creado exitosamente.`,
                },
          );
          onDone();
        },
        onError: (error) => {
          form.showServerErrors(error);
          toast({
            title: 'Error',
            description: evento
              ? error instanceof ApiError && error.status === 409
                ? error.message
                : 'No se pudo actualizar el evento. Inténtalo de nuevo.'
              : 'No se pudo crear el evento. Inténtalo de nuevo.',
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{evento ? 'Editar Evento' : 'Nuevo Evento'}</DialogTitle>
        <DialogDescription>
          {evento
            ? 'Modifica los datos del evento.'
            : 'Completa los datos del evento. Podrás añadir tipos de ticket después.'}
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <EventFormFields
          idPrefix="event-dialog"
          values={form.values}
          errors={form.errors}
          onChange={form.change}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Guardando...' : evento ? 'Guardar Cambios' : 'Crear Evento'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
