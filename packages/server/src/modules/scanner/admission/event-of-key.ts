import { scannerMessages, type ScannerEvent } from '@drinkflow/domain/scanner';
import type { Db } from '../../../db/client';
import { hotDriverOf, type HotStatement } from '../../../db/hot-statements';
import { notFound } from '../../../http/errors';
import { createRateCounter, tooManyRequests, windowAt } from '../../../http/rate-limits';
import { keyEventAndHits, type TicketReadRow } from '../scan-statements';
import { eventOfKeyWithTicket } from '../ticket-read';
import { abuseLimitMessages, scannerRateLimits } from './limits';
import { toScannerDevice, type RequestDevice, type ScannerDevice } from './request-device';

/**
 * Admission of a scanner request (docs/rules/offline-and-field.md, docs/decisions/029): its API key's
 * event, with the request counted in its rate windows in the same statement, the request's first
 * round trip. A request that names its device counts per API key and device (`perMinute`) and per
 * API key and address (`perAddress`, the venue's ceiling); one that names none counts per API key
 * and address at `perMinute`; an offline data download also in its own windows (docs/decisions/051).
 * A request with a device token counts per API key and token instead, whatever device id it names
 * (docs/decisions/062). Unknown keys count towards a guessing limit per address. New devices:
 * new-devices.ts; the request's device: request-device.ts.
 */

export interface ScannerEventRow extends ScannerEvent {
  id: number;
  /** When the event's festival day ends, "HH:mm" (docs/rules/festivals.md); absent: the default. */
  corteDiario?: string;
  /** The event's bars (docs/rules/festivals.md); absent: none. */
  barras?: string[];
  /** The event row's version (`xmin`) when read: a scan decided from memory checks it (known-scans.ts). */
  version?: string;
  /** Only authorized devices may scan (docs/rules/scanner.md#devices). */
  soloDispositivosAutorizados?: boolean;
}

/**
 * Who sends a scanner request: the client address and, when it names one, the device (request-device.ts) — by its
 * token's hash (`tokenHash`, which wins) or its link device id (`deviceId`).
 */
export interface ScannerCaller extends RequestDevice {
  ip: string;
}

/** A request's rate windows, counted by the statement that records its scan (known-scans.ts). */
export interface ScanRateWindows {
  /** [{bucket, key, max}] as JSON. */
  json: string;
  windowStart: Date;
  /** 429 when a window now holds more than it may (`hits`: the counts per bucket, as counted). */
  check(hits: Record<string, number | string> | null): void;
}

export interface ScannerLimitOptions {
  /** Per API key and device, or per address without a device, a minute; 0 turns every limit off. */
  perMinute: number;
  /** Per API key and address, all devices together, a minute; 0 = no ceiling. */
  perAddress: number;
  now: () => Date;
}

/** One fixed one-minute window this request counts in, and the most it may hold. */
interface Window {
  bucket:
    | 'scanner'
    | 'scanner-device'
    | 'scanner-token'
    | 'scanner-address'
    | 'scanner-offline-device'
    | 'scanner-offline-token'
    | 'scanner-offline-address';
  key: string;
  max: number;
}

const MINUTE_MS = 60_000;

/** The counts per bucket a statement returned (JSON numbers, or strings from a bigint). */
function countsOf(hits: Record<string, number | string> | null): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [bucket, value] of Object.entries(hits ?? {})) counts[bucket] = Number(value);
  return counts;
}

/** A timestamp as either driver answers it. */
const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * $1 API key, $2 window start, $3 the windows to count ([{bucket, key}] as JSON), $4 the device
 * token's hash, $5 the link device id: the key's event, with this request counted in each window,
 * and the request's device (one round trip, before every scanner request).
 */
export const eventOfKey: HotStatement = {
  name: 'drinkflow_scanner_event_of_key',
  text: `${keyEventAndHits({ tokenHash: '$4', linkId: '$5' })}
    select e.*, (select json_object_agg(bucket, hits) from hit) as hits, (select device from d) as device from e`,
};

interface EventOfKeyRow {
  id: number;
  nombre: string;
  ubicacion: string;
  fecha_inicio: string | Date;
  fecha_fin: string | Date;
  corte_diario: string;
  barras: string[] | null;
  solo_dispositivos_autorizados: boolean;
  version: string;
  hits: Record<string, number | string> | null;
  device: unknown;
  ticket?: TicketReadRow | null;
}

/** What the statement that opens a request answers. */
interface Admitted {
  evento: ScannerEventRow;
  hits: Record<string, number>;
  ticket: TicketReadRow | null;
  device: ScannerDevice | null;
}

export function createScannerLimiter(db: Db, options: ScannerLimitOptions) {
  const counter = createRateCounter(db, options.now);
  const hot = hotDriverOf(db);

  /** The windows a request counts in; an offline data download also in its own (docs/decisions/051). */
  function windowsOf(caller: ScannerCaller, offline = false): Window[] {
    if (options.perMinute <= 0) return [];
    // A token names the device whatever id the request gives: rotating ids escapes nothing.
    const device =
      caller.tokenHash !== null
        ? {
            key: caller.tokenHash,
            bucket: 'scanner-token' as const,
            offline: 'scanner-offline-token' as const,
          }
        : caller.deviceId !== null
          ? {
              key: caller.deviceId,
              bucket: 'scanner-device' as const,
              offline: 'scanner-offline-device' as const,
            }
          : null;
    const downloads: Window[] = offline
      ? [
          ...(device === null
            ? []
            : [{ bucket: device.offline, key: device.key, max: scannerRateLimits.offlinePerDevice }]),
          { bucket: 'scanner-offline-address', key: caller.ip, max: scannerRateLimits.offlinePerAddress },
        ]
      : [];
    if (device === null) {
      return [{ bucket: 'scanner', key: caller.ip, max: options.perMinute }, ...downloads];
    }
    const windows: Window[] = [{ bucket: device.bucket, key: device.key, max: options.perMinute }];
    if (options.perAddress > 0) {
      windows.push({ bucket: 'scanner-address', key: caller.ip, max: options.perAddress });
    }
    return [...windows, ...downloads];
  }

  /**
   * The event of `apiKey` with one more request counted in each of the caller's windows (one
   * upsert per window, in the order given, so two requests lock the shared rows in one order), and
   * with `ticket` also that ticket of the event as a consume reads it.
   */
  async function eventOfKeyCounting(
    apiKey: string,
    caller: ScannerCaller,
    windows: Window[],
    windowStart: Date,
    ticket?: { qrCode: string; scanId: string | null },
  ): Promise<Admitted | null> {
    const counted = JSON.stringify(windows.map(({ bucket, key }) => ({ bucket, key })));
    const values = [apiKey, windowStart.toISOString(), counted];
    const device = [caller.tokenHash, caller.tokenHash === null ? caller.deviceId : null];
    const [row] = ticket
      ? await hot.rows<EventOfKeyRow>(eventOfKeyWithTicket, [
          ...values,
          ticket.qrCode,
          ticket.scanId,
          ...device,
        ])
      : await hot.rows<EventOfKeyRow>(eventOfKey, [...values, ...device]);
    if (!row) return null;
    const hits = countsOf(row.hits);
    return {
      evento: {
        id: row.id,
        nombre: row.nombre,
        ubicacion: row.ubicacion,
        fechaInicio: toDate(row.fecha_inicio).toISOString(),
        fechaFin: toDate(row.fecha_fin).toISOString(),
        corteDiario: row.corte_diario,
        barras: row.barras ?? [],
        version: row.version,
        soloDispositivosAutorizados: row.solo_dispositivos_autorizados,
      },
      hits,
      ticket: row.ticket ?? null,
      device: toScannerDevice(row.device),
    };
  }

  /** 429 when a window counted more than it may hold (`hits` per bucket, this request included). */
  function checkHits(windows: Window[], hits: Record<string, number>, retryAfterSeconds: number) {
    if (windows.length === 0) return;
    counter.cleanOldWindows();
    const over = windows.filter(({ bucket, max }) => (hits[bucket] ?? 0) > max);
    if (over.length === 0) return;
    const downloadsOnly = over.every(({ bucket }) => bucket.startsWith('scanner-offline-'));
    throw tooManyRequests(
      downloadsOnly ? abuseLimitMessages.offlineDownloads : scannerMessages.rateLimited,
      retryAfterSeconds,
    );
  }

  /** The key's event with this request counted; 404 for an unknown key, 429 over a limit. */
  async function admit(
    apiKey: string,
    caller: ScannerCaller,
    ticket?: { qrCode: string; scanId: string | null },
    offline = false,
  ) {
    const windows = windowsOf(caller, offline);
    const window = windowAt(options.now().getTime(), MINUTE_MS);
    const found = await eventOfKeyCounting(apiKey, caller, windows, window.windowStart, ticket);
    if (!found) {
      const miss = await counter.hit({
        bucket: 'scanner-unknown-key',
        key: caller.ip,
        windowMs: scannerRateLimits.guessWindowMs,
      });
      if (miss.hits > scannerRateLimits.unknownKeysPerAddress) {
        throw tooManyRequests(scannerMessages.guessing, miss.retryAfterSeconds);
      }
      throw notFound(scannerMessages.invalidKey);
    }
    checkHits(windows, found.hits, window.retryAfterSeconds);
    return found;
  }

  return {
    /**
     * The windows this request counts in now, for a statement that counts them itself (a scan
     * recorded from memory, known-scans.ts): as JSON for the SQL, and the check of its counts.
     */
    rateWindows(caller: ScannerCaller): ScanRateWindows {
      const windows = windowsOf(caller);
      const window = windowAt(options.now().getTime(), MINUTE_MS);
      return {
        json: JSON.stringify(windows),
        windowStart: window.windowStart,
        check: (hits) => checkHits(windows, countsOf(hits), window.retryAfterSeconds),
      };
    },
    /**
     * The key's event with this request counted, and the request's device row (null: none; whether
     * it may scan is request-device.ts's `admitDevice`); 404 for an unknown key, 429 over a limit.
     * `offline`: an offline data download, also counted in the download windows.
     */
    async eventFor(
      apiKey: string,
      caller: ScannerCaller,
      { offline = false } = {},
    ): Promise<{ evento: ScannerEventRow; device: ScannerDevice | null }> {
      const { evento, device } = await admit(apiKey, caller, undefined, offline);
      return { evento, device };
    },
    /**
     * `eventFor`, and in the same round trip the ticket of `qrCode` in that event as a consume reads
     * it (null: none in this event).
     */
    async eventWithTicket(
      apiKey: string,
      caller: ScannerCaller,
      qrCode: string,
      scanId: string | null,
    ): Promise<Omit<Admitted, 'hits'>> {
      const { evento, ticket, device } = await admit(apiKey, caller, { qrCode, scanId });
      return { evento, ticket, device };
    },
  };
}

export type ScannerLimiter = ReturnType<typeof createScannerLimiter>;
