import type { TeamMember, TeamRole } from '@drinkflow/domain/team';
import { UserMinus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { formatDateTime } from '@/lib/format';
import { InvitationLink } from './invitation-link';
import { MemberStateBadge } from './member-state-badge';
import { RoleOptions } from './role-options';

export const personName = (member: TeamMember) =>
  member.usuario ? [member.usuario.nombre, member.usuario.apellido].filter(Boolean).join(' ') : null;

/** The invitation link this page received for a pending member, and whether the server emailed it. */
export interface SentInvitation {
  path: string;
  emailed: boolean;
}

interface TeamMemberItemProps {
  member: TeamMember;
  /** The invitation this page received for a pending member, when it did. */
  invitation?: SentInvitation;
  changingRole: boolean;
  onChangeRole(rol: TeamRole): void;
  onRemove(): void;
}

/** One person of the team: who, their role (changed in place), state and date, and 'Quitar'. */
export function TeamMemberItem({
  member,
  invitation,
  changingRole,
  onChangeRole,
  onRemove,
}: TeamMemberItemProps) {
  const name = personName(member);
  const selectId = `team-member-rol-${member.id}`;
  return (
    <li aria-label={name ?? member.email} className="grid gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{name ?? 'Sin cuenta todavía'}</p>
          <p className="text-sm break-all text-slate-600">{member.email}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <MemberStateBadge estado={member.estado} />
          <span>{formatDateTime(member.creadoEn)}</span>
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <Label htmlFor={selectId} className="text-xs text-slate-600">
            Rol
          </Label>
          <NativeSelect
            id={selectId}
            value={member.rol}
            disabled={changingRole}
            onChange={(event) => onChangeRole(event.target.value as TeamRole)}
          >
            <RoleOptions />
          </NativeSelect>
        </div>
        <Button
          variant="outline"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          aria-label={`Quitar del equipo a ${name ?? member.email}`}
          onClick={onRemove}
        >
          <UserMinus className="h-4 w-4" aria-hidden />
          Quitar
        </Button>
      </div>
      {member.estado === 'pendiente' && invitation ? (
        <InvitationLink email={member.email} path={invitation.path} emailed={invitation.emailed} />
      ) : (
        member.estado !== 'activo' && (
          // The server keeps only the link's hash: a lost or expired link is replaced by inviting again.
          <p className="text-xs text-slate-600">
            {member.estado === 'caducada' ? 'La invitación caducó.' : 'El enlace solo se muestra al crearlo.'}{' '}
            Para enviar uno nuevo, quita a la persona y vuelve a añadirla.
          </p>
        )
      )}
    </li>
  );
}
