import { homePathFor, type Rol } from '@drinkflow/domain/roles';
import { paths } from './paths';

/** Who may open each guarded area (docs/rules/accounts-and-roles.md); the router's guards and `nextPathFor` share it. */
export const areaRoles = {
  admin: ['admin'],
  organizer: ['organizer', 'admin'],
} as const satisfies Record<string, readonly Rol[]>;

function rolesFor(pathname: string): readonly Rol[] | undefined {
  const inside = (root: string) => pathname === root || pathname.startsWith(`${root}/`);
  if (inside(paths.admin)) return areaRoles.admin;
  if (inside(paths.organizer.root)) return areaRoles.organizer;
  return undefined;
}

// Only used to read a path; never shown or requested.
const PARSE_BASE = 'https://drinkflow.invalid';
// A backslash or a control character could be read by a browser as part of another host (/\evil).
const unsafeCharacter = (character: string) =>
  character === '\\' || character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f;

/**
 * Where to go after signing in: the page asked for in `?next=` when it is a path of this site
 * (one leading '/', no '//', no scheme) that the role may open; anything else sends the person to
 * their role's home (docs/rules/accounts-and-roles.md). Login and register pages are never a destination.
 */
export function nextPathFor(next: string | null | undefined, rol: Rol): string {
  const home = homePathFor(rol);
  if (!next || !next.startsWith('/') || next.startsWith('//') || [...next].some(unsafeCharacter)) return home;
  let url: URL;
  try {
    url = new URL(next, PARSE_BASE);
  } catch {
    return home;
  }
  if (url.origin !== PARSE_BASE) return home;
  if (url.pathname === paths.login || url.pathname === paths.register) return home;
  const roles = rolesFor(url.pathname);
  if (roles && !roles.includes(rol)) return home;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` carrying the page to come back to after signing in, when there is one. */
export const withNext = (path: string, next: string | null | undefined) =>
  next ? `${path}?${new URLSearchParams({ next })}` : path;
