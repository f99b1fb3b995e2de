import {
  consumeBody,
  scanResult,
  scannerEvent,
  scannerKeyParams,
  scannerDeviceHeader,
  scannerMessages,
  scannerTicketParams,
  scannerTicketQuery,
  scannerTicketResponse,
  undoBody,
  undoResponse,
} from '@drinkflow/domain/scanner';
import { offlineData } from '@drinkflow/domain/offline-data';
import { noContent } from '@drinkflow/domain/responses';
import { SCANNER_DEVICE_HEADER } from '@drinkflow/domain/scanner-limits';
import type { AppContext } from '../../app-context';
import { badRequest } from '../../http/errors';
import { createDeviceAdmission } from './admission/new-devices';
import { createOfflineData, etagOf, serializeOfflineData } from './offline-data';
import { currentOfflineEtag, matchesEtag } from './offline-version';
import { createScannerLimiter } from './admission/event-of-key';
import { createScannerService } from './service';

export interface ScannerOptions {
  /** Requests per minute per API key and device (per address without one); 0 turns every limit off. */
  ratePerMinute: number;
  /** Requests per minute per API key and address, all devices together; 0 = no ceiling. */
  ratePerAddress: number;
  /** Tickets remembered to record their next scan in one round trip (known-scans.ts); 0 = none. */
  knownTickets: number;
  /** A test clock for rules, drink times and windows; omitted, drinks take the database's time. */
  now?: () => Date;
}

const DEVICE_HEADER = SCANNER_DEVICE_HEADER.toLowerCase();

/**
 * The device a request names: the `X-Device-Id` header (every route, GETs included), else the
 * body's `deviceId` (consume, undo). docs/decisions/029.
 */
function deviceOf(request: { headers: Record<string, unknown>; body?: unknown }): string | null {
  const header = scannerDeviceHeader.safeParse(request.headers[DEVICE_HEADER]);
  if (!header.success) {
    throw badRequest(scannerMessages.deviceIdInvalid, [
      { field: SCANNER_DEVICE_HEADER, message: scannerMessages.deviceIdInvalid },
    ]);
  }
  const fromBody = (request.body as { deviceId?: unknown } | undefined)?.deviceId;
  return header.data ?? (typeof fromBody === 'string' && fromBody ? fromBody : null);
}

/** The public scanner API (docs/rules/scanner.md): no account, the event's API key in the path. */
export function registerScannerRoutes(
  { app, db, services, timeZone }: AppContext,
  options: ScannerOptions,
): void {
  const service = createScannerService(db, {
    now: options.now,
    timeZone,
    notifier: services.scanNotifier,
    knownTickets: options.knownTickets,
  });
  const now = options.now ?? (() => new Date());
  const limiter = createScannerLimiter(db, {
    perMinute: options.ratePerMinute,
    perAddress: options.ratePerAddress,
    now,
  });
  const devices = createDeviceAdmission(db, { enabled: options.ratePerMinute > 0, now });

  /**
   * The key's event, with this request counted in its caller's rate windows (one round trip), once
   * its device is admitted (a new device: one round trip more, docs/decisions/051).
   */
  const eventFor = async (
    request: { params: { apiKey: string }; ip: string; headers: Record<string, unknown>; body?: unknown },
    use: { offline?: boolean } = {},
  ) => {
    const caller = { ip: request.ip, deviceId: deviceOf(request) };
    await devices.admit(request.params.apiKey, caller.ip, caller.deviceId);
    return limiter.eventFor(request.params.apiKey, caller, use);
  };

  app.get(
    '/api/scanner/:apiKey/event',
    { schema: { params: scannerKeyParams, response: { 200: scannerEvent } } },
    async (request) => {
      const { nombre, ubicacion, fechaInicio, fechaFin, barras = [] } = await eventFor(request);
      return { nombre, ubicacion, fechaInicio, fechaFin, barras };
    },
  );

  app.get(
    '/api/scanner/:apiKey/ticket/:qrCode',
    {
      schema: {
        params: scannerTicketParams,
        querystring: scannerTicketQuery,
        response: { 200: scannerTicketResponse },
      },
    },
    async (request) => service.lookup(await eventFor(request), request.params.qrCode, request.query.barra),
  );

  app.post(
    '/api/scanner/:apiKey/consume',
    { schema: { params: scannerKeyParams, body: consumeBody, response: { 200: scanResult } } },
    async (request) => {
      const { apiKey } = request.params;
      const caller = { ip: request.ip, deviceId: deviceOf(request) };
      await devices.admit(apiKey, caller.ip, caller.deviceId);
      // A ticket this process has read before: decided and recorded in one round trip.
      const known = await service.consumeKnown(apiKey, limiter.rateWindows(caller), request.body);
      if (known) return known;
      // Else the key's event and the ticket in one round trip, then the record.
      const { qrCode, scanId } = request.body;
      const { evento, ticket } = await limiter.eventWithTicket(apiKey, caller, qrCode, scanId ?? null);
      return service.consume(evento, request.body, { firstRead: ticket, apiKey });
    },
  );

  // Everything a bar's device needs to decide scans without the server (docs/decisions/035); an
  // unchanged refresh is answered 304 from the data's version, without building it (051).
  const offline = createOfflineData(db, { now: options.now, timeZone });
  app.get(
    '/api/scanner/:apiKey/offline',
    { schema: { params: scannerKeyParams, response: { 200: offlineData, 304: noContent } } },
    async (request, reply) => {
      const evento = await eventFor(request, { offline: true });
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch) {
        const etag = await currentOfflineEtag(db, evento, timeZone);
        if (matchesEtag(ifNoneMatch, etag)) return reply.code(304).header('etag', etag).send(null);
      }
      const data = await offline.build(evento);
      const etag = etagOf(data);
      if (etag) void reply.header('etag', etag);
      return reply.type('application/json; charset=utf-8').serializer(serializeOfflineData).send(data);
    },
  );

  app.post(
    '/api/scanner/:apiKey/undo',
    { schema: { params: scannerKeyParams, body: undoBody, response: { 200: undoResponse } } },
    async (request) => {
      await service.undo(await eventFor(request), request.body.scanId, request.body.deviceId);
      return { undone: true as const, message: 'Consumo deshecho' };
    },
  );
}
