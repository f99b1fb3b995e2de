// Plain values and functions, no zod: the organizer's first page (the events list) reads the role
// matrix without loading the schemas (docs/decisions/049's first-visit budget).

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
