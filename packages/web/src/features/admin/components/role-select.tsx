import type { AdminUser } from '@drinkflow/domain/admin';
import { rolLabels, roles, type Rol } from '@drinkflow/domain/auth';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { fullName } from '../utils/user-name';

interface RoleSelectProps {
  user: AdminUser;
  /** The signed-in admin: their own role cannot be changed here (docs/rules/accounts-and-roles.md). */
  self: boolean;
  pending: boolean;
  onChange(rol: Rol): void;
}

/** What the new role allows, said before it is given. */
const roleConsequences: Record<Rol, string> = {
  admin: 'Podrá ver y gestionar todos los usuarios y eventos de la plataforma.',
  organizer: 'Podrá crear y gestionar sus propios eventos, pedidos y estadísticas.',
  scanner: 'Solo podrá usar el escáner de las barras.',
};

/** The user's role: choosing another one asks for confirmation before it is changed. */
export function RoleSelect({ user, self, pending, onChange }: RoleSelectProps) {
  const [asked, setAsked] = useState<Rol | null>(null);
  return (
    <>
      <NativeSelect
        aria-label={`Rol de ${fullName(user)}`}
        title={self ? 'No puedes cambiar tu propio rol' : undefined}
        className="h-9 min-w-0 max-w-48"
        value={user.rol}
        disabled={self || pending}
        onChange={(event) => {
          const rol = event.target.value as Rol;
          if (rol !== user.rol) setAsked(rol);
        }}
      >
        {roles.map((rol) => (
          <option key={rol} value={rol}>
            {rolLabels[rol]}
          </option>
        ))}
      </NativeSelect>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title="¿Cambiar el rol?"
        description={
          asked && (
            <>
              {fullName(user)} pasará de {rolLabels[user.rol]} a <strong>{rolLabels[asked]}</strong>.{' '}
              {roleConsequences[asked]}
            </>
          )
        }
        confirmLabel="Cambiar rol"
        pendingLabel="Cambiando..."
        onConfirm={() => {
          if (asked) onChange(asked);
          setAsked(null);
        }}
      />
    </>
  );
}
