// Plain values, no zod: the app's shell reads them before any form loads.

export const roles = ['admin', 'organizer', 'scanner'] as const;
export type Rol = (typeof roles)[number];
export const selfRegistrableRoles = ['organizer', 'scanner'] as const;

export const rolLabels: Record<Rol, string> = {
  admin: 'Administrador',
  organizer: 'Organizador',
  scanner: 'Personal de barra',
};

/** Where the browser goes after signing in or registering (docs/rules/accounts-and-roles.md). */
export function homePathFor(rol: Rol): string {
  if (rol === 'admin') return '/admin';
  if (rol === 'organizer') return '/organizer';
  // Bar staff land on their events (docs/rules/team.md).
  return '/barra';
}
