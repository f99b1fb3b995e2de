import type { PairedDevice } from '@drinkflow/domain/devices';

export const KEY = 'clave-evento';

/** What POST /api/dispositivos/emparejar answers, typed by the domain's schema. */
export const aPairedDevice = (patch: Partial<PairedDevice> = {}): PairedDevice => ({
  token: 'token-del-movil',
  dispositivo: { id: 7, nombre: 'Barra 1 · móvil', barra: null },
  evento: {
    id: 3,
    nombre: 'Boda Ana y Luis',
    ubicacion: 'Sevilla',
    fechaInicio: '2030-07-04T18:00:00.000Z',
    fechaFin: '2030-07-05T02:00:00.000Z',
  },
  apiKey: KEY,
  ...patch,
});

/** The 401s a scanner call gets from a server that refuses the device. */
export const deviceRequired = () =>
  Response.json(
    { error: 'device_required', message: 'Este escáner necesita autorización del organizador.' },
    { status: 401 },
  );
export const deviceRevoked = () =>
  Response.json({ error: 'device_revoked', message: 'Este dispositivo ha sido revocado.' }, { status: 401 });

/** The headers a stubbed fetch was called with, by call. */
export const headersOf = (calls: unknown[][]) =>
  calls.map(([, init]) => new Headers((init as RequestInit | undefined)?.headers));
