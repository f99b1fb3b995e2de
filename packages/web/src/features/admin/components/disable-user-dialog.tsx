import type { AdminUser } from '@drinkflow/domain/admin';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { fullName } from '../utils/user-name';

interface DisableUserDialogProps {
  user: AdminUser | null;
  pending: boolean;
  onConfirm(user: AdminUser): void;
  onClose(): void;
}

/** '¿Desactivar cuenta?': the person cannot sign in and is signed out everywhere at once. */
export function DisableUserDialog({ user, pending, onConfirm, onClose }: DisableUserDialogProps) {
  return (
    <ConfirmDialog
      open={!!user}
      onOpenChange={(open) => !open && onClose()}
      title="¿Desactivar cuenta?"
      description={
        <>
          <strong>{user && fullName(user)}</strong> ({user?.email}) no podrá iniciar sesión y sus sesiones
          abiertas se cerrarán al momento. Podrás volver a activar la cuenta cuando quieras.
        </>
      }
      confirmLabel="Desactivar"
      pendingLabel="Desactivando..."
      pending={pending}
      onConfirm={() => user && onConfirm(user)}
    />
  );
}
