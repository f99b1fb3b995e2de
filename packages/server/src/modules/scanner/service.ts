import { defaultTipoBebida } from '@drinkflow/domain/bebidas';
import { escaneadoEnProblem, offlineDrinkTime } from '@drinkflow/domain/offline-sync';
import { answerScan, toScannedTicket, type ScanPlace } from '@drinkflow/domain/scan-answer';
import type { ScannerTicketResponse, ScanResult } from '@drinkflow/domain/scanner';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hotDriverOf } from '../../db/hot-statements';
import { badRequest, HttpError, isUniqueViolation } from '../../http/errors';
import type { ScanNotifier } from '../stats-stream';
import type { ScannerEventRow, ScanRateWindows } from './admission/event-of-key';
import type { RequestDevice, ScannerDevice } from './admission/request-device';
import type { ConsumeRequest, OfflineScan } from './judge-scan';
import { createKnownScans } from './known-scans';
import { createScanRecorder } from './record-scan';
import { DB_NOW_MS, type TicketReadRow } from './scan-statements';
import { createTicketReader } from './ticket-read';
import { undoScan } from './undo-scan';

/**
 * The scanner's scans (docs/rules/scanner.md): a lookup, a consume and its undo. A consume is
 * admitted (admission/), its ticket read (ticket-read.ts, or remembered: known-scans.ts), judged
 * (judge-scan.ts) and recorded (record-scan.ts); an undo takes a drink back (undo-scan.ts).
 */

export interface ScannerServiceOptions {
  /**
   * A clock for the scan rules, drink times and the undo window; tests move it instead of waiting.
   * Omitted, the database's clock decides, so every server process reads the same time.
   */
  now?: () => Date;
  timeZone: string;
  /** Tells the live statistics, after commit, which events had scans. */
  notifier: ScanNotifier;
  /** Tickets remembered to record their next scan in one round trip (known-scans.ts); 0 = none. */
  knownTickets?: number;
}

/** The rows of `tx.execute` on either driver (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export function createScannerService(db: Db, options: ScannerServiceOptions) {
  const { timeZone, notifier } = options;
  const hot = hotDriverOf(db);
  const known = createKnownScans(options.knownTickets);
  const reader = createTicketReader(db, known.observeDatabaseTime);
  /** The scan's time: the test clock when given, else the database's time read with the scan. */
  const timeOf = (dbNowMs: number | string) => options.now?.() ?? new Date(Number(dbNowMs));
  const recorder = createScanRecorder(hot, { known, reader, timeZone, timeOf, now: options.now });

  /** The database's time now (the clock every server process shares). */
  async function databaseNow(): Promise<Date> {
    const [row] = rowsOf<{ now_ms: number | string }>(await db.execute(sql`select ${DB_NOW_MS} as now_ms`));
    return new Date(Number(row!.now_ms));
  }

  /**
   * An offline upload's scan time, checked against the clock (the test clock, else the database's):
   * not ahead by more than the clock-skew tolerance, at most 48 h old (offline-sync.ts), else 400.
   * Returns it with the time its drink is stored at (never after now).
   */
  async function offlineScanOf(request: ConsumeRequest): Promise<OfflineScan | null> {
    if (request.offline !== true || request.escaneadoEn === undefined) return null;
    const now = options.now?.() ?? (await databaseNow());
    const escaneadoEn = new Date(request.escaneadoEn);
    const problem = escaneadoEnProblem(escaneadoEn, now);
    if (problem) throw badRequest(problem, [{ field: 'escaneadoEn', message: problem }]);
    return { escaneadoEn, loggedAt: offlineDrinkTime(escaneadoEn, now) };
  }

  /**
   * POST …/consume: decided by the one rule function and recorded exactly once per scanId, for
   * `device` (admitted: admission/request-device.ts; null: a request that names none).
   * `firstRead`: the ticket already read with the key's event (ticket-read.ts), when it was;
   * `apiKey`: the key that opened the event, remembered for the next scan (known-scans.ts).
   */
  async function consume(
    evento: ScannerEventRow,
    request: ConsumeRequest,
    device: ScannerDevice | null,
    { firstRead, apiKey }: { firstRead?: TicketReadRow | null; apiKey?: string } = {},
  ): Promise<ScanResult> {
    if (apiKey !== undefined) known.rememberEvent(apiKey, evento);
    const offline = await offlineScanOf(request);
    try {
      const answer = await recorder.decideAndRecord(evento, request, offline, device, firstRead);
      notifier.scanned(evento.id);
      return answer;
    } catch (error) {
      if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 403)) {
        known.forgetTicket(evento.id, request.qrCode);
        await recorder.logLookupFailure(evento, request, error, offline, device);
        notifier.scanned(evento.id);
        throw error;
      }
      // The same scanId sent at once with two QR codes: the loser sees the winner's row now.
      if (request.scanId && isUniqueViolation(error, 'scan_log_evento_scan_id_unique')) {
        return recorder.decideAndRecord(evento, request, offline, device);
      }
      throw error;
    }
  }

  return {
    /** GET …/ticket/{qrCode}: what the bartender sees, and what a drink now would get. */
    async lookup(evento: ScannerEventRow, qrCode: string, barra?: string): Promise<ScannerTicketResponse> {
      const { ticket, history, nowMs } = await reader.read(hot, evento.id, qrCode, null);
      const at = timeOf(nowMs);
      const times = history.map((row) => row.timestamp);
      const tipoBebida = defaultTipoBebida(ticket.tipo.drinkType);
      // Without the device's bar the allowed-bars rule is skipped (undefined), docs/rules/festivals.md.
      const place: ScanPlace = { barra, corteDiario: evento.corteDiario };
      const { result } = answerScan({ ticket, times, tipoBebida, now: at, timeZone, place }, 'verify');
      return {
        ...toScannedTicket(ticket, history, at),
        evento: {
          nombre: evento.nombre,
          ubicacion: evento.ubicacion,
          fechaInicio: evento.fechaInicio,
          fechaFin: evento.fechaFin,
        },
        verificacion: result,
      };
    },

    consume,

    /**
     * POST …/consume in one round trip, for a ticket this process has read before through this API
     * key (docs/decisions/048): decided from that read at the database's time as last measured, and
     * recorded — with the request counted in `rate` — only if the event, order, type and ticket are
     * still as read and the request's device (`identity`) may scan. Null when it cannot answer so
     * (nothing remembered, the key or event changed, an offline upload, a scanId already recorded,
     * no token on an event that takes only authorized devices): then the caller reads and decides.
     */
    async consumeKnown(
      apiKey: string,
      rate: ScanRateWindows,
      request: ConsumeRequest,
      identity: RequestDevice,
    ): Promise<ScanResult | null> {
      const remembered = request.offline === true ? undefined : known.read(apiKey, request.qrCode);
      if (!remembered) return null;
      const { evento, read } = remembered;
      // Memory may be stale about the switch: the database answers (and refuses) such a request.
      if (identity.tokenHash === null && evento.soloDispositivosAutorizados) return null;
      const answer = await recorder.recordKnown(apiKey, evento, request, read, rate, identity);
      if (answer === 'unanswered') return null;
      // Counted already: decided again from a fresh read, without counting twice.
      if ('decideAgain' in answer) return consume(evento, request, answer.decideAgain);
      notifier.scanned(evento.id);
      return answer;
    },

    /** POST …/undo (undo-scan.ts). */
    async undo(
      evento: ScannerEventRow,
      scanId: string,
      deviceId: string,
      device: ScannerDevice | null,
    ): Promise<void> {
      await undoScan(db, timeOf, { evento, scanId, deviceId, device });
      notifier.scanned(evento.id);
    },
  };
}

export type ScannerService = ReturnType<typeof createScannerService>;
