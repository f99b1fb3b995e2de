import type { EventoDetail } from '@drinkflow/domain/events';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useEvent } from '@/hooks/use-event';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { useSaveEvent } from '../api/save-event';
import { EventFormFields } from '../components/event-form-fields';
import { barRenames, eventValuesFrom } from '../utils/event-form-values';
import { EventNotFound } from '../components/event-not-found';
import { useEventForm } from '../hooks/use-event-form';

export function EventEditPage() {
  const id = Number(useParams().id);
  const event = useEvent(id);
  if (event.isPending && Number.isInteger(id) && id > 0) return <PageSpinner label="Cargando evento..." />;
  if (!event.data) {
    return (
      <EventNotFound message="El evento que intentas editar no existe o no tienes permisos para modificarlo." />
    );
  }
  return <EventEditForm evento={event.data} />;
}

function EventEditForm({ evento }: { evento: EventoDetail }) {
  const navigate = useNavigate();
  const save = useSaveEvent();
  const form = useEventForm(() => eventValuesFrom(evento), 'El nombre y la ubicación son obligatorios');
  const detailPath = paths.organizer.event(evento.id);

  function onSubmit(submitEvent: React.FormEvent) {
    submitEvent.preventDefault();
    const body = form.submit();
    if (!body) return;
    save.mutate(
      { id: evento.id, body, renames: barRenames(form.values.barras) },
      {
        onSuccess: (saved) => {
          toast({
            title: 'Evento actualizado',
            description: `El evento "${saved.nombre}" ha sido actualizado exitosamente.`,
          });
          navigate(detailPath);
        },
        onError: (error) => {
          form.showServerErrors(error);
          toast({
            title: 'Error al actualizar el evento',
            description: errorMessage(error, 'Inténtalo de nuevo.'),
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Button asChild variant="ghost" size="sm">
        <Link to={detailPath}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Volver al evento
        </Link>
      </Button>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Editar Evento</h1>
        <p className="text-slate-600">{evento.nombre}</p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <form noValidate onSubmit={onSubmit} className="grid gap-6">
            <EventFormFields
              idPrefix="event-edit"
              values={form.values}
              errors={form.errors}
              onChange={form.change}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button asChild variant="outline">
                <Link to={detailPath}>Cancelar</Link>
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Guardando...' : 'Guardar Cambios'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
