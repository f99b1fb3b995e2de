import { eventRoleLabels, teamRoleDescriptions, type InvitationInfo } from '@drinkflow/domain/team';
import { formatDateTime } from '@/lib/format';

/** What the invitation offers: the event, who invites, the role and for which email. */
export function InvitationSummary({ invitation }: { invitation: InvitationInfo }) {
  const { evento } = invitation;
  return (
    <div className="space-y-3">
      <h1 className="text-center text-2xl font-bold text-slate-900">Invitación al equipo</h1>
      <p className="text-center text-slate-700">
        {invitation.organizador} te invita a ayudar en{' '}
        <strong className="break-words">{evento.nombre}</strong>.
      </p>
      <dl className="grid gap-2 rounded-md bg-slate-50 p-3 text-sm">
        <div>
          <dt className="text-slate-600">Evento</dt>
          <dd className="font-medium break-words">{evento.nombre}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Fechas</dt>
          <dd className="font-medium">
            {formatDateTime(evento.fechaInicio)} – {formatDateTime(evento.fechaFin)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Organizador</dt>
          <dd className="font-medium break-words">{invitation.organizador}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Rol</dt>
          <dd className="font-medium">
            {eventRoleLabels[invitation.rol]}
            <span className="block font-normal text-slate-600">{teamRoleDescriptions[invitation.rol]}</span>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Email</dt>
          <dd className="font-medium break-all">{invitation.email}</dd>
        </div>
      </dl>
    </div>
  );
}
