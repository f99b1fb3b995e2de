import { SearchX, Users } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Pagination } from '@/components/pagination';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import { useAuth } from '@/lib/auth';
import { useUserChanges } from '../hooks/use-user-changes';
import { USERS_PAGE_SIZE, useUsersList } from '../hooks/use-users-list';
import { DisableUserDialog } from './disable-user-dialog';
import { UsersTable } from './users-table';

const noun = { one: 'usuario', other: 'usuarios' };

/** 'Gestión de Usuarios': search, the paged list, role changes and (de)activation. */
export function UsersSection() {
  const { user: self } = useAuth();
  const list = useUsersList();
  const changes = useUserChanges();
  const { users, total } = list;

  let content;
  if (users.isError && !users.data) {
    content = (
      <div className="p-4">
        <LoadError message="No se pudieron cargar los usuarios." onRetry={() => void users.refetch()} />
      </div>
    );
  } else if (total === 0 && users.isSuccess) {
    const Icon = list.appliedSearch ? SearchX : Users;
    content = (
      <div className="flex flex-col items-center gap-2 p-10 text-center text-sm text-slate-600">
        <Icon className="h-10 w-10 text-slate-500" aria-hidden />
        {list.appliedSearch
          ? `Ningún usuario coincide con «${list.appliedSearch}».`
          : 'Todavía no hay usuarios.'}
      </div>
    );
  } else {
    content = (
      <>
        <UsersTable
          users={users.data?.users ?? []}
          loading={users.isPending}
          selfId={self?.id}
          pendingId={changes.pendingId}
          onRoleChange={changes.changeRole}
          onDisable={changes.askToDisable}
          onEnable={changes.enable}
        />
        <Pagination
          page={list.page}
          pageSize={USERS_PAGE_SIZE}
          total={total}
          noun={noun}
          onPageChange={list.setPage}
        />
      </>
    );
  }

  return (
    <Card aria-busy={users.isFetching || undefined}>
      <div className="border-b border-slate-200 p-4">
        <div className="grid max-w-md gap-1.5">
          <Label htmlFor="usuarios-buscar">Buscar usuarios</Label>
          <SearchInput
            id="usuarios-buscar"
            placeholder="Nombre, apellido o email..."
            value={list.search}
            onChange={(event) => list.changeSearch(event.target.value)}
          />
        </div>
      </div>
      {content}
      <DisableUserDialog
        user={changes.disabling}
        pending={changes.pendingId !== undefined}
        onConfirm={changes.disable}
        onClose={changes.cancelDisable}
      />
    </Card>
  );
}
