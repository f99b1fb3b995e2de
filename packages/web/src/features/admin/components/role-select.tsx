import type { AdminUser } from '@drinkflow/domain/admin';
import { rolLabels, roles, type Rol } from '@drinkflow/domain/auth';
import { NativeSelect } from '@/components/ui/native-select';
import { fullName } from '../utils/user-name';

interface RoleSelectProps {
  user: AdminUser;
  /** The signed-in admin: their own role cannot be changed here (DECISIONS §9). */
  self: boolean;
  pending: boolean;
  onChange(rol: Rol): void;
}

/** The user's role, changed by choosing another one. */
export function RoleSelect({ user, self, pending, onChange }: RoleSelectProps) {
  return (
    <NativeSelect
      aria-label={`Rol de ${fullName(user)}`}
      title={self ? 'No puedes cambiar tu propio rol' : undefined}
      className="h-9 min-w-0 max-w-48"
      value={user.rol}
      disabled={self || pending}
      onChange={(event) => onChange(event.target.value as Rol)}
    >
      {roles.map((rol) => (
        <option key={rol} value={rol}>
          {rolLabels[rol]}
        </option>
      ))}
    </NativeSelect>
  );
}
