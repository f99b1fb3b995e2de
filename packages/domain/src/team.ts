import { z } from 'zod';
import { apellido, email, nombre, password } from './auth';
import { teamRoles } from './team-roles';

export {
  can,
  eventCapabilities,
  eventRoleLabels,
  roleCapabilities,
  rolesWith,
  teamRoleDescriptions,
  teamRoles,
  type EventCapability,
  type EventRole,
  type TeamRole,
} from './team-roles';

/** How long a supervisor may undo any drink of the event. */
export const SUPERVISOR_UNDO_MINUTES = 30;
export const INVITATION_DAYS = 7;

export const teamMessages = {
  rol: 'El rol debe ser barra, supervisor o coorganizador',
  duplicate: 'Esta persona ya está en el equipo del evento',
  owner: 'El propietario del evento ya tiene acceso a todo',
  memberNotFound: 'Miembro no encontrado',
  invitationInvalid: 'La invitación no es válida, ya se usó o ha caducado.',
  wrongAccount: 'La invitación es para otro email. Inicia sesión con la cuenta de ese email.',
  emailTaken: 'Ya existe una cuenta con este email. Inicia sesión para aceptar la invitación.',
} as const;

const teamRole = z.enum(teamRoles, { error: teamMessages.rol });

export const teamMemberBody = z.object({ email, rol: teamRole });
export type TeamMemberBody = z.input<typeof teamMemberBody>;
export const teamRoleBody = z.object({ rol: teamRole });

export const memberStates = ['activo', 'pendiente', 'caducada'] as const;

export const teamMember = z.object({
  id: z.number(),
  email: z.string(),
  rol: teamRole,
  estado: z.enum(memberStates),
  usuario: z
    .object({ id: z.number(), nombre: z.string(), apellido: z.string().nullable(), email: z.string() })
    .nullable(),
  creadoEn: z.string(),
  /** Only in the answer that created a pending member (and on re-sending it). */
  enlaceInvitacion: z.string().optional(),
  /**
   * Only in the add's answer: whether the invitation email went (the mail server accepted it);
   * false without SMTP, for a member who joined at once, or when the send failed or was slow.
   */
  emailEnviado: z.boolean().optional(),
});
export type TeamMember = z.infer<typeof teamMember>;

/** `GET /api/invitaciones/{token}`: what the invitation page shows before accepting. */
export const invitationInfo = z.object({
  email: z.string(),
  rol: teamRole,
  evento: z.object({ id: z.number(), nombre: z.string(), fechaInicio: z.string(), fechaFin: z.string() }),
  organizador: z.string(),
  /** Whether an account with this email exists (the page asks to sign in instead of registering). */
  cuentaExiste: z.boolean(),
});
export type InvitationInfo = z.infer<typeof invitationInfo>;

/** `POST /api/invitaciones/{token}/aceptar`: with a session it joins that account; else it creates a scanner account. */
export const acceptInvitationBody = z.object({ nombre, apellido, password }).partial();
export const invitationToken = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/) });

/** `GET /api/barra/eventos`: the staff home's events (docs/rules/team.md). */
export const staffEvent = z.object({
  id: z.number(),
  nombre: z.string(),
  ubicacion: z.string(),
  fechaInicio: z.string(),
  fechaFin: z.string(),
  estado: z.string(),
  rol: z.enum(['propietario', ...teamRoles]),
  barras: z.array(z.string()),
});
export type StaffEvent = z.infer<typeof staffEvent>;
