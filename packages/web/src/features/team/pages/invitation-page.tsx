import type { AuthResponse, User } from '@drinkflow/domain/auth';
import { teamMessages, type InvitationInfo } from '@drinkflow/domain/team';
import { useQueryClient } from '@tanstack/react-query';
import { LogIn, TriangleAlert, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { withNext } from '@/app/next-path';
import { paths } from '@/app/paths';
import { PageLink } from '@/components/page-link';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { storeSession } from '@/lib/stored-session';
import { useAcceptInvitation, useInvitation, type NewAccountFields } from '../api/invitation';
import { InvitationLayout } from '../components/invitation-layout';
import { InvitationSummary } from '../components/invitation-summary';
import { NewAccountForm } from '../components/new-account-form';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Where a person goes once on the team: the staff home, or the event itself for an organizer who may see it. */
function pathAfterJoining(user: User, invitation: InvitationInfo) {
  if (user.rol === 'scanner' || invitation.rol === 'barra') return paths.staff;
  return paths.organizer.event(invitation.evento.id);
}

/**
 * /invitacion/{token} (docs/rules/team.md): the invitation's event, organizer, role and email, then
 * joining with the session's account, signing in first, or creating a bar-staff account.
 */
export function InvitationPage() {
  const token = useParams().token ?? '';
  const invitation = useInvitation(token);
  const { user, loading } = useAuth();

  if (invitation.isPending || loading) return <PageSpinner label="Cargando invitación..." />;
  return (
    <InvitationLayout>
      {invitation.isError ? (
        <InvalidInvitation />
      ) : (
        <div className="space-y-5">
          <InvitationSummary invitation={invitation.data} />
          <InvitationActions token={token} invitation={invitation.data} user={user} />
        </div>
      )}
    </InvitationLayout>
  );
}

function InvalidInvitation() {
  return (
    <div role="alert" className="space-y-3 text-center">
      <TriangleAlert className="mx-auto h-10 w-10 text-amber-600" aria-hidden />
      <h1 className="text-xl font-bold text-slate-900">Invitación no disponible</h1>
      <p className="text-slate-700">{teamMessages.invitationInvalid}</p>
      <p className="text-sm text-slate-600">
        Pide al organizador del evento que te envíe una invitación nueva.
      </p>
    </div>
  );
}

interface ActionsProps {
  token: string;
  invitation: InvitationInfo;
  user: User | null;
}

function InvitationActions({ token, invitation, user }: ActionsProps) {
  const { setUser, logout } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const accept = useAcceptInvitation(token);
  const [joinError, setJoinError] = useState<string>();

  async function joined(account: User) {
    await queryClient.invalidateQueries({ queryKey: ['eventos'] });
    await queryClient.invalidateQueries({ queryKey: ['barra'] });
    toast({ title: 'Ya formas parte del equipo', description: invitation.evento.nombre });
    await navigate(pathAfterJoining(account, invitation), { replace: true });
  }

  async function createAccount(fields: NewAccountFields) {
    const session = (await accept.mutateAsync(fields)) as AuthResponse;
    // Signed in as after a login: the token and the user stored, the app's session set.
    storeSession(session.user, session.token);
    setUser(session.user);
    toast({ title: 'Ya formas parte del equipo', description: invitation.evento.nombre });
    await navigate(paths.staff, { replace: true });
  }

  if (user && sameEmail(user.email, invitation.email)) {
    return (
      <div className="space-y-3">
        {joinError && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {joinError}
          </p>
        )}
        <Button
          className="w-full"
          disabled={accept.isPending}
          onClick={() =>
            accept.mutate(undefined, {
              onSuccess: () => void joined(user),
              onError: (error) => setJoinError(errorMessage(error, 'No se pudo aceptar la invitación.')),
            })
          }
        >
          <UserCheck className="h-4 w-4" aria-hidden />
          {accept.isPending ? 'Uniéndote...' : 'Unirme al equipo'}
        </Button>
      </div>
    );
  }

  if (user) {
    return (
      <div className="space-y-3">
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Has iniciado sesión como <strong className="break-all">{user.email}</strong>.{' '}
          {teamMessages.wrongAccount}
        </p>
        <Button variant="outline" className="w-full" onClick={() => void logout()}>
          Cerrar sesión y usar otra cuenta
        </Button>
      </div>
    );
  }

  if (invitation.cuentaExiste) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          Ya hay una cuenta con <strong className="break-all">{invitation.email}</strong>. Inicia sesión con
          ella para unirte al equipo.
        </p>
        <Button asChild className="w-full">
          <PageLink to={withNext(paths.login, location.pathname)}>
            <LogIn className="h-4 w-4" aria-hidden />
            Iniciar sesión para unirme
          </PageLink>
        </Button>
      </div>
    );
  }

  return <NewAccountForm email={invitation.email} onCreate={createAccount} />;
}
