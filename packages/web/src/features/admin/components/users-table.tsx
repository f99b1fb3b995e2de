import type { AdminUser } from '@drinkflow/domain/admin';
import type { Rol } from '@drinkflow/domain/auth';
import { UserCheck, UserX } from 'lucide-react';
import { DataList } from '@/components/data-list/data-list';
import type { DataListColumn } from '@/components/data-list/data-list-types';
import { RowAction } from '@/components/data-list/row-action';
import { Badge } from '@/components/ui/badge';
import { shownDateTime } from '../utils/format';
import { fullName } from '../utils/user-name';
import { RoleSelect } from './role-select';

interface UsersTableProps {
  users: AdminUser[];
  /** The signed-in admin's id: their own row offers no changes. */
  selfId: number | undefined;
  /** The user whose change is being saved. */
  pendingId: number | undefined;
  loading?: boolean;
  onRoleChange(user: AdminUser, rol: Rol): void;
  onDisable(user: AdminUser): void;
  onEnable(user: AdminUser): void;
}

/** The users of the page: a table on wide screens, cards on phones; role select and (de)activation. */
export function UsersTable({ users, selfId, pendingId, loading, ...actions }: UsersTableProps) {
  const columns: DataListColumn<AdminUser>[] = [
    {
      header: 'Nombre',
      hideInCard: true,
      cell: (user) => (
        <span className="font-medium text-slate-900">
          {fullName(user)}
          {user.id === selfId && <span className="font-normal text-slate-600"> (tú)</span>}
        </span>
      ),
    },
    { header: 'Email', className: 'break-all', cell: (user) => user.email },
    {
      header: 'Rol',
      cell: (user) => (
        <RoleSelect
          user={user}
          self={user.id === selfId}
          pending={user.id === pendingId}
          onChange={(rol) => actions.onRoleChange(user, rol)}
        />
      ),
    },
    {
      header: 'Estado',
      cell: (user) =>
        user.activo ? <Badge tone="green">Activa</Badge> : <Badge tone="red">Desactivada</Badge>,
    },
    { header: 'Alta', className: 'whitespace-nowrap', cell: (user) => shownDateTime(user.createdAt) },
  ];

  return (
    <DataList
      label="Usuarios"
      items={users}
      loading={loading}
      columns={columns}
      rowKey={(user) => user.id}
      cardTitle={(user) => (user.id === selfId ? `${fullName(user)} (tú)` : fullName(user))}
      headingLevel={3}
      cardsClassName="p-4"
      renderActions={(user, layout) => {
        if (user.id === selfId) return <span className="text-sm text-slate-600">Tu cuenta</span>;
        const action = { layout, itemName: fullName(user), disabled: user.id === pendingId };
        return user.activo ? (
          <RowAction
            {...action}
            icon={UserX}
            label="Desactivar"
            destructive
            onClick={() => actions.onDisable(user)}
          />
        ) : (
          <RowAction {...action} icon={UserCheck} label="Activar" onClick={() => actions.onEnable(user)} />
        );
      }}
    />
  );
}
