import type { PasswordBody } from '@drinkflow/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const changePassword = (body: PasswordBody) => api.put<void>('/auth/password', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
