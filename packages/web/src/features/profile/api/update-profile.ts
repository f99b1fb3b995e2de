import type { ProfileBody, User } from '@drinkflow/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useAuth } from '@/lib/auth';

export const updateProfile = (body: ProfileBody) => api.put<{ user: User }>('/auth/profile', body);

export function useUpdateProfile() {
  const { setUser } = useAuth();
  return useMutation({ mutationFn: updateProfile, onSuccess: ({ user }) => setUser(user) });
}
