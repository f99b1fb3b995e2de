import type { BoardDevice, Pairing } from '@drinkflow/domain/devices';
import type { EventoDetail } from '@drinkflow/domain/events';
import type { RecentDrink, SupervisorUndoResponse } from '@drinkflow/domain/supervision';
import { type ApiRoute, type ApiRoutes, type Reply, sentBodies, serveApi } from '../support/api-stub';
import { anEvent, anOrganizer } from '../support/entities';
import type { ApiError } from '@drinkflow/domain/errors';

/** The device board's routes, typed by the domain schemas as the shared stub's are. */
interface DeviceResponses {
  [route: `POST /api/eventos/${number}/dispositivos/emparejamientos`]: Pairing;
  [route: `GET /api/eventos/${number}/dispositivos`]: BoardDevice[];
  [route: `POST /api/eventos/${number}/dispositivos/${number}/revocar`]: BoardDevice;
  [route: `GET /api/eventos/${number}/consumos/recientes`]: RecentDrink[];
  [route: `POST /api/eventos/${number}/consumos/${number}/deshacer`]: SupervisorUndoResponse;
}

type Stub<T> = T | Reply<T> | Reply<ApiError> | ((body: unknown) => T | Reply<T> | Reply<ApiError>);
export type DeviceRoutes = { [R in keyof DeviceResponses]?: Stub<DeviceResponses[R]> };

/** `serveApi` with the device routes besides the shared ones. */
export const serveDeviceApi = (routes: ApiRoutes & DeviceRoutes) => serveApi(routes as ApiRoutes);

/** The parsed JSON bodies sent to one device route, in order (`undefined` for an empty POST). */
export const sentToDeviceRoute = (fetchMock: ReturnType<typeof serveApi>, route: keyof DeviceResponses) =>
  sentBodies(fetchMock, route as unknown as ApiRoute);

export const anEventDetail = (patch: Partial<EventoDetail> = {}): EventoDetail => ({
  ...anEvent(),
  contadores: { tiposTicket: 1, pedidosActivos: 0, ticketsEscaneados: 0 },
  ...patch,
});

export const aDevice = (patch: Partial<BoardDevice> = {}): BoardDevice => ({
  id: 5,
  nombre: 'Barra VIP 1',
  tipo: 'autorizado',
  barra: 'VIP',
  usuario: null,
  creadoEn: '2030-07-04T17:00:00.000Z',
  ultimoContacto: null,
  revocadoEn: null,
  pendientes: null,
  datosOfflineDe: null,
  consumos10min: 0,
  ...patch,
});

export const aRecentDrink = (patch: Partial<RecentDrink> = {}): RecentDrink => ({
  id: 91,
  ticketId: 12,
  titular: 'Lucía Pérez',
  tipoBebida: 'Copa',
  barra: 'VIP',
  timestamp: '2030-07-04T20:55:00.000Z',
  dispositivo: { id: 5, nombre: 'Barra VIP 1' },
  persona: null,
  ...patch,
});

/** The session and event 1 the organizer's pages read first. */
export const organizerRoutes = (evento: EventoDetail = anEventDetail()): ApiRoutes => ({
  'GET /api/auth/me': { user: anOrganizer() },
  'GET /api/evento/1': evento,
});
