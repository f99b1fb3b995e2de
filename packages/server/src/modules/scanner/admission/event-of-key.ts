import { scannerMessages, type ScannerEvent } from '@drinkflow/domain/scanner';
import type { Db } from '../../../db/client';
import { hotDriverOf, type HotStatement } from '../../../db/hot-statements';
import { notFound } from '../../../http/errors';
import { createRateCounter, tooManyRequests, windowAt } from '../../../http/rate-limits';
import { keyEventAndHits, type TicketReadRow } from '../scan-statements';
import { eventOfKeyWithTicket } from '../ticket-read';
import { abuseLimitMessages, scannerRateLimits } from './limits';

/**
 * Admission of a scanner request (docs/rules/offline-and-field.md, docs/decisions/029): its API key's
 * event, with the request counted in its rate windows in the same statement, the request's first
 * round trip. A request that names its device counts per API key and device (`perMinute`) and per
 * API key and address (`perAddress`, the venue's ceiling); one that names none counts per API key
 * and address at `perMinute`; an offline data download also in its own windows (docs/decisions/051).
 * Unknown keys count towards a guessing limit per address. New devices: new-devices.ts.
 */

export interface ScannerEventRow extends ScannerEvent {
  id: number;
  /** When the event's festival day ends, "HH:mm" (docs/rules/festivals.md); absent: the default. */
  corteDiario?: string;
  /** The event's bars (docs/rules/festivals.md); absent: none. */
  barras?: string[];
  /** The event row's version (`xmin`) when read: a scan decided from memory checks it (known-scans.ts). */
  version?: string;
}

/** Who sends a scanner request: the client address and, when it names one, the device. */
export interface ScannerCaller {
  ip: string;
  deviceId: string | null;
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
    'scanner' | 'scanner-device' | 'scanner-address' | 'scanner-offline-device' | 'scanner-offline-address';
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
 * $1 API key, $2 window start, $3 the windows to count ([{bucket, key}] as JSON): the key's event,
 * with this request counted in each window (one round trip, before every scanner request).
 */
export const eventOfKey: HotStatement = {
  name: 'drinkflow_scanner_event_of_key',
  text: `${keyEventAndHits}
    select e.*, (select json_object_agg(bucket, hits) from hit) as hits from e`,
};

interface EventOfKeyRow {
  id: number;
  nombre: string;
  ubicacion: string;
  fecha_inicio: string | Date;
  fecha_fin: string | Date;
  corte_diario: string;
  barras: string[] | null;
  version: string;
  hits: Record<string, number | string> | null;
  ticket?: TicketReadRow | null;
}

export function createScannerLimiter(db: Db, options: ScannerLimitOptions) {
  const counter = createRateCounter(db, options.now);
  const hot = hotDriverOf(db);

  /** The windows a request counts in; an offline data download also in its own (docs/decisions/051). */
  function windowsOf(caller: ScannerCaller, offline = false): Window[] {
    if (options.perMinute <= 0) return [];
    const downloads: Window[] = offline
      ? [
          ...(caller.deviceId === null
            ? []
            : [
                {
                  bucket: 'scanner-offline-device' as const,
                  key: caller.deviceId,
                  max: scannerRateLimits.offlinePerDevice,
                },
              ]),
          { bucket: 'scanner-offline-address', key: caller.ip, max: scannerRateLimits.offlinePerAddress },
        ]
      : [];
    if (caller.deviceId === null) {
      return [{ bucket: 'scanner', key: caller.ip, max: options.perMinute }, ...downloads];
    }
    const windows: Window[] = [{ bucket: 'scanner-device', key: caller.deviceId, max: options.perMinute }];
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
    windows: Window[],
    windowStart: Date,
    ticket?: { qrCode: string; scanId: string | null },
  ): Promise<{ evento: ScannerEventRow; hits: Record<string, number>; ticket: TicketReadRow | null } | null> {
    const counted = JSON.stringify(windows.map(({ bucket, key }) => ({ bucket, key })));
    const values = [apiKey, windowStart.toISOString(), counted];
    const [row] = ticket
      ? await hot.rows<EventOfKeyRow>(eventOfKeyWithTicket, [...values, ticket.qrCode, ticket.scanId])
      : await hot.rows<EventOfKeyRow>(eventOfKey, values);
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
      },
      hits,
      ticket: row.ticket ?? null,
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
    const found = await eventOfKeyCounting(apiKey, windows, window.windowStart, ticket);
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
     * The key's event with this request counted; 404 for an unknown key, 429 over a limit. `offline`:
     * an offline data download, also counted in the download windows.
     */
    async eventFor(
      apiKey: string,
      caller: ScannerCaller,
      { offline = false } = {},
    ): Promise<ScannerEventRow> {
      return (await admit(apiKey, caller, undefined, offline)).evento;
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
    ): Promise<{ evento: ScannerEventRow; ticket: TicketReadRow | null }> {
      const { evento, ticket } = await admit(apiKey, caller, { qrCode, scanId });
      return { evento, ticket };
    },
  };
}

export type ScannerLimiter = ReturnType<typeof createScannerLimiter>;
