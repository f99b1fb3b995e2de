import type { EventStats } from '@drinkflow/domain/stats';
import { vi } from 'vitest';
import { type ApiRoutes, serveApi } from './api-stub';

/** What GET /api/stats/{id} answers for an event with tickets and no drinks yet. */
export const noDrinks = (patch: Partial<EventStats> = {}): EventStats => ({
  totalConsumos: 0,
  totalAsistentes: 4,
  promedioConsumos: 0,
  horasPico: [],
  consumosPorHora: [],
  bebidasPopulares: [],
  estadoTickets: { activo: 4, agotado: 0, invalidado: 0, caducado: 0 },
  rechazos: {},
  deshechos: 0,
  porBarra: [],
  conflictosOffline: 0,
  conflictos: [],
  ...patch,
});

/** A busy night: 9 drinks among 4 tickets. */
export const busyNight = (patch: Partial<EventStats> = {}): EventStats => ({
  totalConsumos: 9,
  totalAsistentes: 4,
  promedioConsumos: 2.25,
  horasPico: [
    { hora: '23:00', cantidad: 6 },
    { hora: '00:00', cantidad: 3 },
  ],
  consumosPorHora: [
    { hora: '2030-07-04T21:00:00.000Z', cantidad: 6 },
    { hora: '2030-07-04T22:00:00.000Z', cantidad: 3 },
  ],
  bebidasPopulares: [
    { tipoBebida: 'cerveza', cantidad: 5 },
    { tipoBebida: 'copa', cantidad: 4 },
  ],
  estadoTickets: { activo: 2, agotado: 2, invalidado: 0, caducado: 0 },
  rechazos: { agotado: 1 },
  deshechos: 0,
  porBarra: [{ barra: 'Terraza', consumos: 9, rechazos: 1, deshechos: 0 }],
  conflictosOffline: 0,
  conflictos: [],
  ...patch,
});

const encoder = new TextEncoder();

/** A `text/event-stream` body the test writes into, piece by piece. */
export function sseBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    stats: (stats: EventStats) =>
      controller.enqueue(encoder.encode(`event: stats\ndata: ${JSON.stringify(stats)}\n\n`)),
    end: () => controller.close(),
  };
}

/**
 * The API stubs plus GET /api/stats/{id}/stream, which answers with the next of `streams` (a
 * `Response`, e.g. an error, or an SSE body); once they run out the connection stays pending.
 */
export function serveWithStream(routes: ApiRoutes, streams: (Response | ReturnType<typeof sseBody>)[]) {
  const api = serveApi(routes);
  const queue = [...streams];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (!/\/api\/stats\/\d+\/stream$/.test(url)) return api(url, init);
    const next = queue.shift();
    if (!next) return new Promise<Response>(() => undefined);
    return next instanceof Response ? next : next.response();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests made to the stream (URL and init), in order. */
export const streamCalls = (fetchMock: ReturnType<typeof serveWithStream>) =>
  fetchMock.mock.calls.filter(([url]) => url.endsWith('/stream'));
