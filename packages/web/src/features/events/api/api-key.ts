import type { ApiKeyResponse } from '@drinkflow/domain/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const updateApiKey = (id: number, apiKey: string) =>
  api.put<ApiKeyResponse>(`/eventos/${id}/api-key`, { apiKey });
export const regenerateApiKey = (id: number) =>
  api.patch<ApiKeyResponse>(`/eventos/${id}/regenerate-api-key`);

function useApiKeyMutation<TVariables>(
  eventId: number,
  mutationFn: (variables: TVariables) => Promise<ApiKeyResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['evento', eventId] }),
        queryClient.invalidateQueries({ queryKey: ['eventos'] }),
      ]);
    },
  });
}

export const useUpdateApiKey = (eventId: number) =>
  useApiKeyMutation(eventId, (apiKey: string) => updateApiKey(eventId, apiKey));
export const useRegenerateApiKey = (eventId: number) =>
  useApiKeyMutation(eventId, () => regenerateApiKey(eventId));
