import type { BoardDevice } from '@drinkflow/domain/devices';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** What revoking does to this kind of device, said before it happens (docs/rules/devices.md). */
function consequences(device: BoardDevice) {
  if (device.tipo === 'enlace')
    return (
      <>
        Este navegador dejará de escanear con el enlace del escáner. Es un bloqueo débil: quien tenga el
        enlace puede volver a entrar desde otro navegador. Para cortar el enlace a todos, regenera la API Key
        o activa «Solo dispositivos autorizados» en el evento.
      </>
    );
  return (
    <>
      «{device.nombre}» dejará de escanear en su próxima llamada y verá «Este dispositivo ha sido revocado.».
      Las demás barras siguen funcionando. Los consumos que guardó sin conexión antes de revocarlo se aceptan
      al sincronizar. Para volver a usarlo hay que emparejarlo de nuevo.
    </>
  );
}

interface RevokeDeviceDialogProps {
  device: BoardDevice | null;
  pending: boolean;
  onClose(): void;
  onConfirm(device: BoardDevice): void;
}

export function RevokeDeviceDialog({ device, pending, onClose, onConfirm }: RevokeDeviceDialogProps) {
  return (
    <ConfirmDialog
      open={device !== null}
      onOpenChange={(open) => !open && onClose()}
      title={device ? `¿Revocar «${device.nombre}»?` : ''}
      description={device ? consequences(device) : ''}
      confirmLabel="Revocar"
      pendingLabel="Revocando..."
      pending={pending}
      onConfirm={() => device && onConfirm(device)}
    />
  );
}
