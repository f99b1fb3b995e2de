import { can, eventRoleLabels, type EventRole, type TeamMember, type TeamRole } from '@drinkflow/domain/team';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { useChangeRole, useRemoveMember, useTeam } from '../api/team';
import { AddMemberForm } from './add-member-form';
import { personName, TeamMemberItem, type SentInvitation } from './team-member-item';

interface TeamSectionProps {
  eventoId: number;
  /** The viewer's role on the event; absent on an event they own. */
  miRol?: EventRole;
}

/** The event detail's 'Equipo': only who may change the team (its owner, an admin) sees it. */
export function TeamSection({ eventoId, miRol = 'propietario' }: TeamSectionProps) {
  if (!can(miRol, 'equipo')) return null;
  return <TeamCard eventoId={eventoId} />;
}

function TeamCard({ eventoId }: { eventoId: number }) {
  const team = useTeam(eventoId);
  const changeRole = useChangeRole(eventoId);
  const remove = useRemoveMember(eventoId);
  // The links the API answered on this page, by member (it keeps only their hash), and whether it emailed them.
  const [links, setLinks] = useState<Record<number, SentInvitation>>({});
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  function added(member: TeamMember) {
    const path = member.enlaceInvitacion;
    if (path) setLinks((current) => ({ ...current, [member.id]: { path, emailed: !!member.emailEnviado } }));
  }

  function change(member: TeamMember, rol: TeamRole) {
    changeRole.mutate(
      { miembroId: member.id, rol },
      {
        onSuccess: () =>
          toast({
            title: 'Rol actualizado',
            description: `${member.email} ahora es ${eventRoleLabels[rol]}.`,
          }),
        onError: (error) =>
          toast({
            title: 'No se pudo cambiar el rol',
            description: errorMessage(error, 'Inténtalo de nuevo.'),
            variant: 'destructive',
          }),
      },
    );
  }

  function confirmRemove() {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast({
          title: 'Quitado del equipo',
          description: `${removing.email} ya no tiene acceso al evento.`,
        });
        setRemoving(null);
      },
      onError: (error) =>
        toast({
          title: 'No se pudo quitar',
          description: errorMessage(error, 'Inténtalo de nuevo.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Users className="h-5 w-5 text-brand-700" aria-hidden />
          Equipo
        </CardTitle>
        <CardDescription>
          Personas que ayudan con este evento: barra (solo escáner), supervisor o coorganizador.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <AddMemberForm eventoId={eventoId} onAdded={added} />
        {team.isPending ? (
          <div className="space-y-3" role="status" aria-label="Cargando equipo">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : team.isError ? (
          <p role="alert" className="text-red-700">
            No se pudo cargar el equipo. Recarga la página para intentarlo de nuevo.
          </p>
        ) : team.data.length === 0 ? (
          <p className="text-sm text-slate-600">Todavía no has añadido a nadie al equipo.</p>
        ) : (
          <ul aria-label="Miembros del equipo" className="divide-y divide-slate-200">
            {team.data.map((member) => (
              <TeamMemberItem
                key={member.id}
                member={member}
                invitation={links[member.id]}
                changingRole={changeRole.isPending && changeRole.variables?.miembroId === member.id}
                onChangeRole={(rol) => change(member, rol)}
                onRemove={() => setRemoving(member)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="¿Quitar del equipo?"
        description={
          removing &&
          `${personName(removing) ?? removing.email} dejará de tener acceso a este evento y sus dispositivos quedarán revocados: no podrán escanear más.`
        }
        confirmLabel="Quitar del equipo"
        pendingLabel="Quitando..."
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </Card>
  );
}
