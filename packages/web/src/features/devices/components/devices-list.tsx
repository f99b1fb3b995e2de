import type { BoardDevice } from '@drinkflow/domain/devices';
import { useState } from 'react';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { useRevokeDevice } from '../api/board';
import { useNow } from '../hooks/use-now';
import { isOnline } from '../utils/device-status';
import { DeviceCard } from './device-card';
import { RevokeDeviceDialog } from './revoke-device-dialog';

/** Revoked devices go last: the ones still scanning are what the board is watched for. */
const activeFirst = (devices: BoardDevice[]) =>
  [...devices].sort((a, b) => Number(a.revocadoEn !== null) - Number(b.revocadoEn !== null));

/** The board's cards, one column on a phone, and the revocation with its confirmation. */
export function DevicesList({ eventId, devices }: { eventId: number; devices: BoardDevice[] }) {
  const now = useNow();
  const revoke = useRevokeDevice(eventId);
  const [revoking, setRevoking] = useState<BoardDevice | null>(null);

  function confirmRevoke(device: BoardDevice) {
    revoke.mutate(device.id, {
      onSuccess: () => {
        toast({ title: 'Dispositivo revocado', description: `«${device.nombre}» ya no puede escanear.` });
        setRevoking(null);
      },
      onError: (error) =>
        toast({
          title: 'No se pudo revocar',
          description: errorMessage(error, 'Inténtalo de nuevo.'),
          variant: 'destructive',
        }),
    });
  }

  const active = devices.filter((device) => !device.revocadoEn);
  const online = active.filter((device) => isOnline(device, now)).length;
  return (
    <>
      <p className="text-sm font-medium text-slate-800" data-testid="devices-online">
        {online} en línea de {active.length} {active.length === 1 ? 'activo' : 'activos'}
      </p>
      <ul aria-label="Dispositivos del evento" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {activeFirst(devices).map((device) => (
          <DeviceCard key={device.id} device={device} now={now} onRevoke={() => setRevoking(device)} />
        ))}
      </ul>
      <RevokeDeviceDialog
        device={revoking}
        pending={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={confirmRevoke}
      />
    </>
  );
}
