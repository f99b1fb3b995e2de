import { deviceKindLabels, type BoardDevice } from '@drinkflow/domain/devices';
import { Ban } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { formatAge, isOnline } from '../utils/device-status';

function Fact({
  label,
  children,
  highlight = false,
}: {
  label: string;
  children: ReactNode;
  highlight?: boolean;
}) {
  return (
    <div className={cn('min-w-0', highlight && 'rounded-md bg-amber-50 px-2 py-1 ring-1 ring-amber-300')}>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={cn('font-medium break-words text-slate-900', highlight && 'text-amber-900')}>
        {children}
      </dd>
    </div>
  );
}

function Status({ device, now }: { device: BoardDevice; now: number }) {
  if (device.revocadoEn) return <Badge tone="red">Revocado</Badge>;
  return isOnline(device, now) ? (
    <Badge tone="green">En línea</Badge>
  ) : (
    <Badge tone="neutral">Sin conexión</Badge>
  );
}

/** One device on the board: who and where it is, whether it is calling, and what it holds offline. */
export function DeviceCard({
  device,
  now,
  onRevoke,
}: {
  device: BoardDevice;
  now: number;
  onRevoke(): void;
}) {
  const pending = device.pendientes ?? 0;
  return (
    <li
      aria-label={device.nombre}
      className={cn(
        'grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm',
        device.revocadoEn && 'bg-slate-50 opacity-80',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-slate-900">{device.nombre}</h3>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={device.tipo === 'autorizado' ? 'violet' : 'neutral'}>
            {deviceKindLabels[device.tipo]}
          </Badge>
          <Status device={device} now={now} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <Fact label="Barra">{device.barra ?? 'Sin barra'}</Fact>
        <Fact label="Persona">{device.usuario?.nombre ?? '—'}</Fact>
        <Fact label="Último contacto">
          {device.ultimoContacto ? (
            <>
              {formatDateTime(device.ultimoContacto)}{' '}
              <span className="font-normal text-slate-600">({formatAge(device.ultimoContacto, now)})</span>
            </>
          ) : (
            'Nunca'
          )}
        </Fact>
        <Fact label="Consumos (10 min)">{device.consumos10min}</Fact>
        <Fact label="Pendientes sin conexión" highlight={pending > 0}>
          {device.pendientes === null ? '—' : pending}
        </Fact>
        <Fact label="Datos offline">
          {device.datosOfflineDe ? formatAge(device.datosOfflineDe, now) : 'Sin datos'}
        </Fact>
      </dl>
      {device.revocadoEn ? (
        <p className="text-sm font-medium text-red-800">
          Revocado el {formatDateTime(device.revocadoEn)}
          {device.tipo === 'enlace' && ' (bloqueo débil)'}
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            className="text-red-700"
            aria-label={`Revocar ${device.nombre}`}
            onClick={onRevoke}
          >
            <Ban className="h-4 w-4" aria-hidden />
            Revocar
          </Button>
          {device.tipo === 'enlace' && (
            <span className="text-xs text-slate-600">Revocar un enlace es un bloqueo débil</span>
          )}
        </div>
      )}
    </li>
  );
}
