import type { AdminUser } from '@drinkflow/domain/admin';

export const fullName = (user: Pick<AdminUser, 'nombre' | 'apellido'>) =>
  [user.nombre, user.apellido].filter(Boolean).join(' ');
