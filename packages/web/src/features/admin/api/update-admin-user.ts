import type { AdminUser, AdminUserPatchBody } from '@drinkflow/domain/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminKey } from './get-admin-summary';

/** PATCH /api/admin/users/{id}: a new role, enabling or disabling the account. */
export const updateAdminUser = (id: number, changes: AdminUserPatchBody) =>
  api.patch<AdminUser>(`/admin/users/${id}`, changes);

export function useUpdateAdminUser({ onSuccess }: { onSuccess?(user: AdminUser): void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: AdminUserPatchBody }) =>
      updateAdminUser(id, changes),
    // The lists and the dashboard's figures both change with a user.
    onSuccess: async (user) => {
      await queryClient.invalidateQueries({ queryKey: adminKey });
      onSuccess?.(user);
    },
  });
}
