import type { TeamMember, TeamMemberBody, TeamRole } from '@drinkflow/domain/team';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/* An event's team (docs/rules/team.md): only its owner and admins read or change it. */

export const teamQueryKey = (eventoId: number) => ['equipo', eventoId] as const;

const teamPath = (eventoId: number) => `/eventos/${eventoId}/equipo`;

export const teamQueryOptions = (eventoId: number) =>
  queryOptions({
    queryKey: teamQueryKey(eventoId),
    queryFn: () => api.get<TeamMember[]>(teamPath(eventoId)),
  });

export const useTeam = (eventoId: number) => useQuery(teamQueryOptions(eventoId));

function useTeamMutation<TVariables, TResult>(
  eventoId: number,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey(eventoId) }),
  });
}

export const useAddMember = (eventoId: number) =>
  useTeamMutation(eventoId, (body: TeamMemberBody) => api.post<TeamMember>(teamPath(eventoId), body));

export const useChangeRole = (eventoId: number) =>
  useTeamMutation(eventoId, ({ miembroId, rol }: { miembroId: number; rol: TeamRole }) =>
    api.patch<TeamMember>(`${teamPath(eventoId)}/${miembroId}`, { rol }),
  );

export const useRemoveMember = (eventoId: number) =>
  useTeamMutation(eventoId, (miembroId: number) =>
    api.delete<undefined>(`${teamPath(eventoId)}/${miembroId}`),
  );
