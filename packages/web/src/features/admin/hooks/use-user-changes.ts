import type { AdminUser } from '@drinkflow/domain/admin';
import { rolLabels, type Rol } from '@drinkflow/domain/auth';
import { useState } from 'react';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { useUpdateAdminUser } from '../api/update-admin-user';
import { fullName } from '../utils/user-name';

const failed = (error: unknown) =>
  toast({
    title: 'No se pudo guardar el cambio',
    description: errorMessage(error, 'Inténtalo de nuevo.'),
    variant: 'destructive',
  });

/** Role changes and (de)activations of users, each confirmed by a toast; disabling asks first. */
export function useUserChanges() {
  const update = useUpdateAdminUser();
  const [disabling, setDisabling] = useState<AdminUser | null>(null);

  return {
    /** The user whose change is being saved. */
    pendingId: update.isPending ? update.variables.id : undefined,
    /** The user the confirm dialog asks about. */
    disabling,
    askToDisable: setDisabling,
    cancelDisable: () => setDisabling(null),

    changeRole(user: AdminUser, rol: Rol) {
      update.mutate(
        { id: user.id, changes: { rol } },
        {
          onSuccess: (saved) =>
            toast({
              title: 'Rol actualizado',
              description: `${fullName(saved)} ahora es ${rolLabels[saved.rol]}.`,
            }),
          onError: failed,
        },
      );
    },

    disable(user: AdminUser) {
      update.mutate(
        { id: user.id, changes: { activo: false } },
        {
          onSuccess: (saved) => {
            setDisabling(null);
            toast({
              title: 'Cuenta desactivada',
              description: `${fullName(saved)} ya no puede iniciar sesión.`,
            });
          },
          onError: (error) => {
            setDisabling(null);
            failed(error);
          },
        },
      );
    },

    enable(user: AdminUser) {
      update.mutate(
        { id: user.id, changes: { activo: true } },
        {
          onSuccess: (saved) =>
            toast({
              title: 'Cuenta activada',
              description: `${fullName(saved)} puede volver a iniciar sesión.`,
            }),
          onError: failed,
        },
      );
    },
  };
}
