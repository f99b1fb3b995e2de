import { ONLINE_MINUTES } from '@drinkflow/domain/devices';
import { can } from '@drinkflow/domain/team';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useEvent } from '@/hooks/use-event';
import { BOARD_REFRESH_MS, useDevices } from '../api/board';
import { DevicesList } from '../components/devices-list';
import { RecentDrinks } from '../components/recent-drinks';

/**
 * "Dispositivos": the event's scanners, live (docs/rules/devices.md). Cards rather than a table so
 * a supervisor's phone shows the devices on its first screen without sideways scrolling.
 */
export function DevicesPage() {
  const id = Number(useParams().id);
  const event = useEvent(id);
  const devices = useDevices(id);

  if (event.isPending && Number.isInteger(id) && id > 0)
    return <PageSpinner label="Cargando dispositivos..." />;
  if (!event.data)
    return (
      <p role="alert" className="mx-auto max-w-xl p-4 text-slate-700">
        El evento que buscas no existe o no tienes permisos para verlo.
      </p>
    );
  const evento = event.data;
  const role = evento.miRol ?? 'propietario';

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to={paths.organizer.event(evento.id)}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Volver al evento
        </Link>
      </Button>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Dispositivos</h1>
        <p className="text-sm break-words text-slate-600">{evento.nombre}</p>
        <p className="text-xs text-slate-500">
          Se actualiza cada {BOARD_REFRESH_MS / 1000} s. «En línea»: contacto en los últimos {ONLINE_MINUTES}{' '}
          minutos.
        </p>
      </div>
      {!can(role, 'dispositivos') ? (
        <p role="alert" className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
          Tu rol en este evento no permite ver sus dispositivos.
        </p>
      ) : devices.data ? (
        devices.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            Aún no hay dispositivos. Empareja un móvil desde la{' '}
            <Link className="text-brand-700 underline" to={paths.organizer.event(evento.id)}>
              página del evento
            </Link>
            ; los escáneres que usen el enlace aparecen aquí al escanear.
          </p>
        ) : (
          <DevicesList eventId={evento.id} devices={devices.data} />
        )
      ) : devices.isError ? (
        <LoadError message="No se pudieron cargar los dispositivos." onRetry={() => void devices.refetch()} />
      ) : (
        <Skeleton className="h-40 w-full" />
      )}
      {devices.data && devices.isError && (
        <p role="status" className="text-sm text-amber-800">
          No se pudo actualizar el tablero; se muestran los últimos datos y se reintenta.
        </p>
      )}
      {can(role, 'deshacer') && <RecentDrinks eventId={evento.id} />}
    </div>
  );
}
