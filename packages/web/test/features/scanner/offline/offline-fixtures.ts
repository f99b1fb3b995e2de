import { offlineTicketId, sealHolderName, type OfflineData } from '@drinkflow/domain/offline-data';
import { IDBFactory } from 'fake-indexeddb';
import { expect, vi } from 'vitest';
import type { ConsumeRequest } from '@/features/scanner/api/consume-ticket';
import { closeOfflineDb } from '@/features/scanner/offline/offline-db';
import { forgetCachedOfflineData, refreshOfflineData } from '@/features/scanner/offline/offline-data-store';
import { queuedScans } from '@/features/scanner/offline/scan-queue';
import { reportReachable } from '@/features/scanner/offline/connectivity';

export const KEY = 'clave-evento';
export const MINUTE = 60_000;

/** Tonight's event: its tickets are valid from an hour ago to six hours from now. */
const since = () => new Date(Date.now() - 60 * MINUTE).toISOString();
const until = () => new Date(Date.now() + 6 * 60 * MINUTE).toISOString();

export interface TicketSpec {
  qr: string;
  titular?: string;
  /** 1: 'Bono 2 Copas' (2 drinks), 2: 'Una Copa' (1 drink), 3: every 30 min (4 drinks). */
  tipo?: 1 | 2 | 3;
  consumos?: Date[];
  estado?: 'activo' | 'invalidado';
}

/** Offline data as GET …/offline sends it, sealed with the domain's own crypto. */
export async function offlineDataWith(specs: TicketSpec[], generadoEn = new Date()): Promise<OfflineData> {
  const window = { validoDesde: since(), validoHasta: until(), durationMinutes: null, drinkType: 'todo' };
  return {
    evento: {
      nombre: 'Boda Ana y Luis',
      ubicacion: 'Sevilla',
      fechaInicio: since(),
      fechaFin: until(),
      zonaHoraria: 'Europe/Madrid',
    },
    tiposTicket: [
      {
        id: 1,
        nombre: 'Bono 2 Copas',
        modo: 'por_cantidad',
        maxDrinks: 2,
        drinkIntervalMinutes: null,
        ...window,
      },
      {
        id: 2,
        nombre: 'Una Copa',
        modo: 'por_cantidad',
        maxDrinks: 1,
        drinkIntervalMinutes: null,
        ...window,
      },
      {
        id: 3,
        nombre: 'Cada media hora',
        modo: 'intervalos_controlados',
        maxDrinks: 4,
        drinkIntervalMinutes: 30,
        ...window,
      },
    ],
    tickets: await Promise.all(
      specs.map(async (spec, index) => ({
        id: await offlineTicketId(spec.qr),
        ticketId: index + 1,
        ticketTypeId: spec.tipo ?? 1,
        estado: spec.estado ?? ('activo' as const),
        createdAt: '2030-06-01T10:00:00.000Z',
        consumos: (spec.consumos ?? []).map((time) => time.toISOString()),
        titular: await sealHolderName(spec.qr, spec.titular ?? 'Ana García'),
      })),
    ),
    generadoEn: generadoEn.toISOString(),
  };
}

type Handler = (body: Record<string, unknown>, init: RequestInit) => Response | Promise<Response>;

/**
 * A fetch stub for the scanner API of KEY: `routes` by "METHOD /path-after-the-key"
 * ('POST /consume', 'GET /offline'); an answer may be a Response, a handler or a thrown error.
 * A route left out fails as no network does.
 */
export function stubScannerApi(routes: Record<string, Response | Handler | Error>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const prefix = `/api/scanner/${KEY}`;
    const path = url.startsWith(prefix) ? url.slice(prefix.length) : url;
    const route = routes[`${init.method ?? 'GET'} ${path}`];
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (route === undefined) throw new TypeError('Failed to fetch');
    if (route instanceof Error) throw route;
    if (route instanceof Response) return route.clone();
    return route(body, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The bodies POSTed to `path` ('/consume'), in order. */
export const posted = (fetchMock: ReturnType<typeof stubScannerApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => init?.method === 'POST' && url.endsWith(path))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

/** A fetch that never answers, until its request is aborted (a server that does not answer). */
export const hangs: Handler = (_body, init) =>
  new Promise<Response>((_, reject) =>
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
  );

/** A fresh, empty IndexedDB for every test, as a new device's. */
export async function freshDevice() {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
  forgetCachedOfflineData();
  reportReachable(true);
}

/** The answer of a 200 offline upload. */
export const uploaded = (conflicto = false) =>
  Response.json({
    success: true,
    conflicto,
    canConsume: false,
    message: 'Consumo registrado',
    reason: conflicto ? 'agotado' : 'ok',
    tipoBebida: 'copa',
  });

export const failure = (status: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ message, error: 'x' }, { status, headers });

/** Tonight's tickets in the offline data of the fallback tests. */
const TICKETS: TicketSpec[] = [
  { qr: 'qr-bono', titular: 'Ana García', tipo: 1, consumos: [new Date(Date.now() - 30 * MINUTE)] },
  { qr: 'qr-una', titular: 'Luis Pérez', tipo: 2 },
  { qr: 'qr-gastado', titular: 'Eva Ruiz', tipo: 2, consumos: [new Date(Date.now() - 10 * MINUTE)] },
  { qr: 'qr-invalidado', titular: 'Juan Gil', tipo: 1, estado: 'invalidado' },
];

let scans = 0;
export const scan = (qrCode: string, patch: Partial<ConsumeRequest> = {}): ConsumeRequest => ({
  qrCode,
  scanId: `scan-${++scans}`,
  barra: 'Terraza',
  deviceId: 'dispositivo-1',
  ...patch,
});

/** A device that stored tonight's offline data while it was online. */
export async function deviceWithData() {
  stubScannerApi({ 'GET /offline': Response.json(await offlineDataWith(TICKETS)) });
  expect(await refreshOfflineData(KEY)).toBe(true);
}

export const queue = async () =>
  (await queuedScans()).map(({ scanId, qrCode, tipoBebida, barra, escaneadoEn }) => ({
    scanId,
    qrCode,
    tipoBebida,
    barra,
    escaneadoEn,
  }));
