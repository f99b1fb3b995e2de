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
import { deviceErrors } from '@drinkflow/domain/devices';
import { offlineData } from '@drinkflow/domain/offline-data';
import { noContent } from '@drinkflow/domain/responses';
import { SCANNER_DEVICE_HEADER } from '@drinkflow/domain/scanner-limits';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { compiledSerializerCompiler } from '../../http/compiled-serializer';
import { badRequest, HttpError } from '../../http/errors';
import { createDeviceAdmission } from './admission/new-devices';
import { barRequired } from './bar-required';
import { admitDevice, tokenHashOf } from './admission/request-device';
import { createDeviceContact } from './device-contact';
import { createOfflineData, etagOf, serializeOfflineData } from './offline-data';
import { currentOfflineEtag, matchesEtag } from './offline-version';
import { createScannerLimiter, type ScannerCaller } from './admission/event-of-key';
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

/** A request's parts the scanner's admission reads. */
type ScannerRequest = Pick<FastifyRequest, 'ip' | 'headers' | 'body' | 'log'> & {
  params: { apiKey: string };
};

/**
 * Who sends the request: its address, its device token's hash (401 for one no pairing issued) and
 * the link device it names (400 for an invalid X-Device-Id). docs/decisions/062.
 */
function callerOf(request: ScannerRequest): ScannerCaller {
  return { ip: request.ip, tokenHash: tokenHashOf(request.headers), deviceId: deviceOf(request) };
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
  const contacts = createDeviceContact(db, {
    now: options.now,
    warn: (error) => app.log.warn({ code: (error as { code?: string }).code }, 'device contact not stored'),
  });

  /**
   * `work` for the request's caller; then, unless the key is unknown, the caller over a limit, its
   * token unknown or the work failed, the device's contact is stored (device-contact.ts: at most every 15 s per device).
   */
  async function asCaller<T>(
    request: ScannerRequest,
    barra: string | null,
    work: (caller: ScannerCaller) => Promise<T>,
  ): Promise<T> {
    const caller = callerOf(request);
    let refused = false;
    try {
      return await work(caller);
    } catch (error) {
      // No device row to report on behind an unknown key, a limit or a token that names no device;
      // and a fault (the database gone) is answered without waiting for one more statement.
      refused =
        !(error instanceof HttpError) ||
        error.statusCode === 404 ||
        error.statusCode === 429 ||
        error.code === deviceErrors.required;
      throw error;
    } finally {
      if (!refused) await contacts.report(request.params.apiKey, caller, request.headers, barra);
    }
  }

  /** A link device is admitted (a new one: one round trip more, docs/decisions/051); a token's is not. */
  const admitLink = (apiKey: string, caller: ScannerCaller, barra: string | null) =>
    caller.tokenHash === null ? devices.admit(apiKey, caller.ip, caller.deviceId, barra) : undefined;

  /**
   * The key's event, with this request counted in its caller's rate windows and its device read
   * (one round trip), once a link device is admitted; 401 for a device that may not scan.
   */
  const eventFor = async (
    request: ScannerRequest,
    caller: ScannerCaller,
    { offline = false, barra = null }: { offline?: boolean; barra?: string | null } = {},
  ) => {
    await admitLink(request.params.apiKey, caller, barra);
    const { evento, device } = await limiter.eventFor(request.params.apiKey, caller, { offline });
    return { evento, device: admitDevice(evento, caller, device) };
  };

  app.get(
    '/api/scanner/:apiKey/event',
    { schema: { params: scannerKeyParams, response: { 200: scannerEvent } } },
    async (request) =>
      asCaller(request, null, async (caller) => {
        const { evento } = await eventFor(request, caller);
        const { nombre, ubicacion, fechaInicio, fechaFin, barras = [] } = evento;
        const barraObligatoria = await barRequired(db, evento.id);
        return { nombre, ubicacion, fechaInicio, fechaFin, barras, barraObligatoria };
      }),
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
    async (request) => {
      const barra = request.query.barra ?? null;
      return asCaller(request, barra, async (caller) => {
        const { evento } = await eventFor(request, caller, { barra });
        return service.lookup(evento, request.params.qrCode, request.query.barra);
      });
    },
  );

  app.post(
    '/api/scanner/:apiKey/consume',
    {
      schema: { params: scannerKeyParams, body: consumeBody, response: { 200: scanResult } },
      // The bar's hot path: its answer written by a compiled serializer, not zod's encoding pass.
      serializerCompiler: compiledSerializerCompiler,
    },
    async (request) => {
      const { apiKey } = request.params;
      const { body } = request;
      const barra = body.barra ?? null;
      return asCaller(request, barra, async (caller) => {
        await admitLink(apiKey, caller, barra);
        // A ticket this process has read before: decided and recorded in one round trip.
        const known = await service.consumeKnown(apiKey, limiter.rateWindows(caller), body, caller);
        if (known) return known;
        // Else the key's event, the device and the ticket in one round trip, then the record.
        const { evento, ticket, device } = await limiter.eventWithTicket(
          apiKey,
          caller,
          body.qrCode,
          body.scanId ?? null,
        );
        // A revoked device's offline drink scanned before its revocation is still accepted (062).
        const scannedAt = body.offline === true && body.escaneadoEn ? new Date(body.escaneadoEn) : undefined;
        const admitted = admitDevice(evento, caller, device, scannedAt);
        return service.consume(evento, body, admitted, { firstRead: ticket, apiKey });
      });
    },
  );

  // Everything a bar's device needs to decide scans without the server (docs/decisions/035); an
  // unchanged refresh is answered 304 from the data's version, without building it (051).
  const offline = createOfflineData(db, { now: options.now, timeZone });
  app.get(
    '/api/scanner/:apiKey/offline',
    { schema: { params: scannerKeyParams, response: { 200: offlineData, 304: noContent } } },
    async (request, reply) =>
      asCaller(request, null, async (caller) => {
        const { evento } = await eventFor(request, caller, { offline: true });
        const ifNoneMatch = request.headers['if-none-match'];
        if (ifNoneMatch) {
          const etag = await currentOfflineEtag(db, evento, timeZone);
          if (matchesEtag(ifNoneMatch, etag)) return reply.code(304).header('etag', etag).send(null);
        }
        const data = await offline.build(evento);
        const etag = etagOf(data);
        if (etag) void reply.header('etag', etag);
        return reply.type('application/json; charset=utf-8').serializer(serializeOfflineData).send(data);
      }),
  );

  app.post(
    '/api/scanner/:apiKey/undo',
    { schema: { params: scannerKeyParams, body: undoBody, response: { 200: undoResponse } } },
    async (request) =>
      asCaller(request, null, async (caller) => {
        const { evento, device } = await eventFor(request, caller);
        await service.undo(evento, request.body.scanId, request.body.deviceId, device);
        return { undone: true as const, message: 'Consumo deshecho' };
      }),
  );
}
