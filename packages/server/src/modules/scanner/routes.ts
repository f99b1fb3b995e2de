import {
  consumeBody,
  scanResult,
  scannerEvent,
  scannerKeyParams,
  scannerMessages,
  scannerTicketParams,
  scannerTicketResponse,
  undoBody,
  undoResponse,
} from '@drinkflow/domain/scanner';
import type { AppContext } from '../../app-context';
import { notFound } from '../../http/errors';
import { createRateCounter, tooManyRequests, windowAt } from '../../http/rate-counter';
import { scannerRateLimits } from './limits';
import { createScannerService, type ScannerEventRow } from './service';

export interface ScannerOptions {
  /** Requests per minute per client address and API key; 0 turns the limit off. */
  ratePerMinute: number;
  now: () => Date;
}

/** The public scanner API (DECISIONS §7): no account, the event's API key in the path. */
export function registerScannerRoutes({ app, db, timeZone }: AppContext, options: ScannerOptions): void {
  const service = createScannerService(db, { now: options.now, timeZone });
  const counter = createRateCounter(db, options.now);

  /**
   * The key's event, with this request counted in the client's rate window in the same statement
   * (the scan path's first round trip); unknown keys count towards a guessing limit.
   */
  async function eventFor(request: { params: { apiKey: string }; ip: string }): Promise<ScannerEventRow> {
    const counting = options.ratePerMinute > 0;
    const window = windowAt(options.now().getTime(), 60_000);
    const found = await service.eventOfKeyCounting(
      request.params.apiKey,
      counting ? request.ip : null,
      window.windowStart,
    );
    if (!found) {
      const miss = await counter.hit({
        bucket: 'scanner-unknown-key',
        key: request.ip,
        windowMs: scannerRateLimits.guessWindowMs,
      });
      if (miss.hits > scannerRateLimits.unknownKeysPerAddress) {
        throw tooManyRequests(scannerMessages.guessing, miss.retryAfterSeconds);
      }
      throw notFound(scannerMessages.invalidKey);
    }
    if (counting) {
      counter.cleanOldWindows();
      if (found.hits !== null && found.hits > options.ratePerMinute) {
        throw tooManyRequests(scannerMessages.rateLimited, window.retryAfterSeconds);
      }
    }
    return found.evento;
  }

  app.get(
    '/api/scanner/:apiKey/event',
    { schema: { params: scannerKeyParams, response: { 200: scannerEvent } } },
    async (request) => {
      const { nombre, ubicacion, fechaInicio, fechaFin } = await eventFor(request);
      return { nombre, ubicacion, fechaInicio, fechaFin };
    },
  );

  app.get(
    '/api/scanner/:apiKey/ticket/:qrCode',
    { schema: { params: scannerTicketParams, response: { 200: scannerTicketResponse } } },
    async (request) => service.lookup(await eventFor(request), request.params.qrCode),
  );

  app.post(
    '/api/scanner/:apiKey/consume',
    { schema: { params: scannerKeyParams, body: consumeBody, response: { 200: scanResult } } },
    async (request) => service.consume(await eventFor(request), request.body),
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
