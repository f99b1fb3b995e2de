import { z } from 'zod';
import { apellido, email, nombre, password } from './auth';

/**
 * An event's team (docs/rules/team.md): who may do what with one event. The owner (and an admin
 * reading) is `propietario`; the others are members the owner added.
 */
export const teamRoles = ['barra', 'supervisor', 'coorganizador'] as const;
export type TeamRole = (typeof teamRoles)[number];
export type EventRole = 'propietario' | TeamRole;

export const eventRoleLabels: Record<EventRole, string> = {
  propietario: 'Propietario',
  coorganizador: 'Coorganizador',
  supervisor: 'Supervisor',
  barra: 'Barra',
};

export const teamRoleDescriptions: Record<TeamRole, string> = {
  barra: 'Solo el escáner',
  supervisor: 'Escáner, dispositivos, deshacer consumos, recargas y estadísticas',
  coorganizador: 'Todo salvo borrar el evento y cambiar el equipo',
};

/**
 * What one may do with an event. `ver`: the event's organizer pages read-only; `gestionar`: change
 * the event, its ticket types, orders, tickets and exports; `equipo`: the team; `borrar`: delete it.
 */
export const eventCapabilities = [
  'ver',
  'gestionar',
  'equipo',
  'borrar',
  'escanear',
  'dispositivos',
  'deshacer',
  'recargas',
  'estadisticas',
] as const;
export type EventCapability = (typeof eventCapabilities)[number];

const supervisorCapabilities: readonly EventCapability[] = [
  'ver',
  'escanear',
  'dispositivos',
  'deshacer',
  'recargas',
  'estadisticas',
];

/** The role matrix: each role's capabilities (docs/rules/team.md). */
export const roleCapabilities: Record<EventRole, readonly EventCapability[]> = {
  propietario: eventCapabilities,
  coorganizador: eventCapabilities.filter((capability) => capability !== 'equipo' && capability !== 'borrar'),
  supervisor: supervisorCapabilities,
  barra: ['escanear'],
};

export const can = (role: EventRole, capability: EventCapability): boolean =>
  roleCapabilities[role].includes(capability);

/** The roles that hold a capability, for SQL scopes. */
export const rolesWith = (capability: EventCapability): EventRole[] =>
  (Object.keys(roleCapabilities) as EventRole[]).filter((role) => can(role, capability));

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
