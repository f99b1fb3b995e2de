import type { Rol, User } from '@drinkflow/domain/auth';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../http/errors';
import type { AuthService } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    sessionToken: string | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** Request hooks that put the signed-in user on the request and check the role; use them as
 * `onRequest`, so a caller without the right role is refused before any body validation. */
export function createGuards(auth: AuthService) {
  async function signedIn(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    const user = token ? await auth.authenticate(token) : null;
    if (!user) throw unauthorized('Tu sesión no es válida o ha caducado. Inicia sesión de nuevo.');
    request.user = user;
    request.sessionToken = token;
  }

  return {
    signedIn,
    requireRole(...allowed: Rol[]) {
      return async (request: FastifyRequest) => {
        await signedIn(request);
        if (!allowed.includes(request.user!.rol)) throw forbidden();
      };
    },
    /**
     * The routes of one event (docs/rules/team.md): organizers and admins, and a bar-staff account
     * only while it is on some event's team; the handler then checks the caller's role in that
     * event. Bar staff on no team are refused (403) before params and body, as before teams.
     */
    async organizerOrTeam(request: FastifyRequest): Promise<void> {
      await signedIn(request);
      const user = request.user!;
      if (user.rol === 'scanner' && !(await auth.onAnyTeam(user.id))) throw forbidden();
    },
  };
}

export type Guards = ReturnType<typeof createGuards>;

/** The signed-in user of a route behind a guard. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized();
  return request.user;
}
