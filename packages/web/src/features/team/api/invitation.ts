import type { AuthResponse } from '@drinkflow/domain/auth';
import type { InvitationInfo } from '@drinkflow/domain/team';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/* An invitation to an event's team, read and accepted by its token (docs/rules/team.md). */

const invitationPath = (token: string) => `/invitaciones/${encodeURIComponent(token)}`;

export const useInvitation = (token: string) =>
  useQuery({
    queryKey: ['invitacion', token],
    queryFn: () => api.get<InvitationInfo>(invitationPath(token)),
    // An invalid, used or expired invitation stays so: asking again would only repeat the 404.
    retry: false,
  });

export interface NewAccountFields {
  nombre: string;
  apellido?: string;
  password: string;
}

/**
 * Signed in, the body is empty and the session's account joins; otherwise it carries the new
 * account's fields and the answer is its session, as a login's.
 */
export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: (account?: NewAccountFields) =>
      api.post<AuthResponse | Record<string, unknown>>(`${invitationPath(token)}/aceptar`, account ?? {}),
  });
