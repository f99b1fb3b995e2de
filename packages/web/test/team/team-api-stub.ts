import type { AuthResponse } from '@drinkflow/domain/auth';
import type { PairedDevice } from '@drinkflow/domain/devices';
import type { ApiError } from '@drinkflow/domain/errors';
import type { InvitationInfo, StaffEvent, TeamMember } from '@drinkflow/domain/team';
import { sentBodies, serveApi, type ApiRoute, type ApiRoutes, type Reply } from '../support/api-stub';

/** The team, invitation and staff-home routes' answers, typed by the domain schemas. */
export interface TeamApiResponses {
  [route: `GET /api/eventos/${number}/equipo`]: TeamMember[];
  [route: `POST /api/eventos/${number}/equipo`]: TeamMember;
  [route: `PATCH /api/eventos/${number}/equipo/${number}`]: TeamMember;
  [route: `DELETE /api/eventos/${number}/equipo/${number}`]: undefined;
  [route: `GET /api/invitaciones/${string}`]: InvitationInfo;
  [route: `POST /api/invitaciones/${string}/aceptar`]: AuthResponse | Record<string, never>;
  'GET /api/barra/eventos': StaffEvent[];
  [route: `POST /api/eventos/${number}/dispositivos/propio`]: PairedDevice;
}

type Answer<T> = T | Reply<T> | Reply<ApiError>;
type Stub<T> = Answer<T> | ((body: unknown, init: RequestInit, url: URL) => Answer<T>);
type TeamRoutes = { [R in keyof TeamApiResponses]?: Stub<TeamApiResponses[R]> };

/** serveApi with the team's routes besides the app's. */
export const serveTeamApi = (routes: ApiRoutes & TeamRoutes) => serveApi(routes as ApiRoutes);

/** The JSON bodies sent to one of the team's routes, in order. */
export const sentTo = (fetchMock: ReturnType<typeof serveApi>, route: keyof TeamApiResponses) =>
  sentBodies(fetchMock, route as ApiRoute);

export const aMember = (patch: Partial<TeamMember> = {}): TeamMember => ({
  id: 31,
  email: 'lucia@x.es',
  rol: 'barra',
  estado: 'activo',
  usuario: { id: 40, nombre: 'Lucía', apellido: 'Pérez', email: 'lucia@x.es' },
  creadoEn: '2030-06-01T10:30:00.000Z',
  ...patch,
});

export const anInvitation = (patch: Partial<InvitationInfo> = {}): InvitationInfo => ({
  email: 'nuevo@x.es',
  rol: 'barra',
  evento: {
    id: 1,
    nombre: 'Boda Ana y Luis',
    fechaInicio: '2030-07-04T18:00:00.000Z',
    fechaFin: '2030-07-05T02:00:00.000Z',
  },
  organizador: 'Olga Ruiz',
  cuentaExiste: false,
  ...patch,
});

export const aStaffEvent = (patch: Partial<StaffEvent> = {}): StaffEvent => ({
  id: 1,
  nombre: 'Boda Ana y Luis',
  ubicacion: 'Sevilla',
  fechaInicio: '2030-07-04T18:00:00.000Z',
  fechaFin: '2030-07-05T02:00:00.000Z',
  estado: 'activo',
  rol: 'barra',
  barras: [],
  ...patch,
});
