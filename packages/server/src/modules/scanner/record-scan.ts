import { toScannedTicket } from '@drinkflow/domain/scan-answer';
import type { ScanResult } from '@drinkflow/domain/scanner';
import type { HotDriver, HotExecutor } from '../../db/hot-statements';
import { deviceRevoked, isUniqueViolation, type HttpError } from '../../http/errors';
import type { ScannerEventRow, ScanRateWindows } from './admission/event-of-key';
import {
  admitDevice,
  toScannerDevice,
  type RequestDevice,
  type ScannerDevice,
} from './admission/request-device';
import { judgeScan, placeOf, type ConsumeRequest, type Decided, type OfflineScan } from './judge-scan';
import type { KnownScans } from './known-scans';
import * as statements from './scan-statements';
import type { TicketReadRow } from './scan-statements';
import type { TicketRead, TicketReader } from './ticket-read';

/**
 * Recording a judged scan exactly once (docs/decisions/043): optimistically, if the ticket is still
 * at the version read (scan-statements.ts), decided again when it is not, and under the ticket's
 * row lock when it keeps changing; a scan decided from memory in its one statement
 * (docs/decisions/048); and a scan that found no ticket, in the log.
 */

/** What a record statement answers (scan-statements.ts). */
interface Written {
  locked: number;
  consumo_id: number | null;
  /** The ticket's version after a drink was recorded (null without one). */
  version: string | null;
  /** `recordScan`: 1 when it took the device row (0: revoked since the request was admitted). */
  device?: number;
}

/**
 * What the record of a scan decided from memory answers: also whether the event was as read, the
 * rate counts, and the request's device as it locked it.
 */
interface WrittenKnown extends Omit<Written, 'device'> {
  evento: number;
  hits: Record<string, number | string> | null;
  device: unknown;
}

/** Why a scan found no ticket to decide on; logged like any other refusal. */
const lookupReasons = { notFound: 'no_encontrado', otherEvent: 'otro_evento' } as const;

/** Optimistic attempts before a scan takes the ticket's row lock first (a ticket scanned at once by several bars). */
const OPTIMISTIC_ATTEMPTS = 3;

export interface ScanRecorderOptions {
  known: KnownScans;
  reader: TicketReader;
  timeZone: string;
  /** The scan's time: the test clock when given, else the database's time read with the scan. */
  timeOf: (dbNowMs: number | string) => Date;
  /** A test clock, for the time a lookup failure is logged at; omitted, the database's. */
  now?: () => Date;
}

export function createScanRecorder(hot: HotDriver, options: ScanRecorderOptions) {
  const { known, reader, timeZone, timeOf } = options;

  /** The read's ticket judged at the read's time. */
  const judge = (
    read: TicketRead,
    request: ConsumeRequest,
    offline: OfflineScan | null,
    evento: ScannerEventRow,
  ) =>
    judgeScan(read, request, offline, { at: timeOf(read.nowMs), timeZone, place: placeOf(evento, request) });

  /** $1–$14 of the record statements (scan-statements.ts) for a decided scan. */
  function recordValues(
    evento: ScannerEventRow,
    request: ConsumeRequest,
    read: TicketRead,
    { judged, tipoBebida }: Decided,
    offline: OfflineScan | null,
  ): unknown[] {
    const { result, served, drinkAt, logReason, conflicto } = judged;
    return [
      read.ticket.id,
      read.version,
      evento.id,
      tipoBebida,
      drinkAt.toISOString(),
      request.barra ?? null,
      offline !== null,
      conflicto,
      served,
      request.qrCode,
      request.scanId ?? null,
      request.deviceId ?? null,
      logReason,
      JSON.stringify(result),
    ];
  }

  /**
   * The answer to a recorded scan, with the ticket as it is now; this process remembers the ticket
   * as the record left it, for the next scan of it (known-scans.ts).
   */
  function recorded(
    evento: ScannerEventRow,
    request: ConsumeRequest,
    read: TicketRead,
    { judged, tipoBebida }: Decided,
    written: Pick<Written, 'consumo_id' | 'version'>,
  ): ScanResult {
    const history = [...read.history];
    let version = read.version;
    if (written.consumo_id != null) {
      const barra = request.barra ?? null;
      history.push({ id: Number(written.consumo_id), tipoBebida, timestamp: judged.drinkAt, barra });
      // An offline drink may be older than drinks already known: keep the history in time order.
      history.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime() || a.id - b.id);
      version = written.version ?? '';
    }
    if (version) known.rememberTicket(evento.id, request.qrCode, { ...read, history, version });
    else known.forgetTicket(evento.id, request.qrCode);
    // The ticket as it is now goes with the answer (not into the log): the scanner shows it as is.
    return { ...judged.result, ...toScannedTicket(read.ticket, history, timeOf(read.nowMs)) };
  }

  /**
   * Writes a decided scan if the ticket is still at the version read (scan-statements.ts): the
   * answer with the ticket as it is now, or null when a drink of the ticket was recorded or taken
   * back in between and the scan must be decided again; 401 when `device` was revoked since the
   * request was admitted (nothing written).
   */
  async function record(
    executor: HotExecutor,
    evento: ScannerEventRow,
    request: ConsumeRequest,
    read: TicketRead,
    decided: Decided,
    offline: OfflineScan | null,
    device: ScannerDevice | null,
  ): Promise<ScanResult | null> {
    const [written] = await executor.rows<Written>(statements.recordScan, [
      ...recordValues(evento, request, read, decided, offline),
      device?.id ?? null,
      offline ? offline.escaneadoEn.toISOString() : null,
    ]);
    if (device !== null && written?.device === 0) throw deviceRevoked();
    if (!written || written.locked === 0) return null;
    return recorded(evento, request, read, decided, written);
  }

  /**
   * One consume attempt, decided by the rule function and recorded exactly once (docs/decisions/043):
   * read the ticket and its drinks (one statement), decide, record if the ticket has not changed
   * since (one statement). A ticket that keeps changing under the scan (several bars scanning it at
   * once) is decided under its row lock instead: lock, read, record in one transaction; the read
   * after the lock sees every drink committed before, and its time is after theirs. An offline
   * upload takes the same path, so it is judged with every drink committed before it.
   */
  async function decideAndRecord(
    evento: ScannerEventRow,
    request: ConsumeRequest,
    offline: OfflineScan | null,
    device: ScannerDevice | null,
    firstRead?: TicketReadRow | null,
  ): Promise<ScanResult> {
    const scanId = request.scanId ?? null;
    for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
      const read =
        attempt === 0 && firstRead !== undefined
          ? await reader.readOf(firstRead, request.qrCode)
          : await reader.read(hot, evento.id, request.qrCode, scanId);
      const decision = judge(read, request, offline, evento);
      if ('replay' in decision) return decision.replay;
      const answer = await record(hot, evento, request, read, decision, offline, device);
      if (answer) return answer;
    }
    const answer = await hot.transaction(async (tx) => {
      const [first] = await tx.rows<TicketReadRow>(statements.readTicket, [
        request.qrCode,
        evento.id,
        scanId,
      ]);
      if (!first) return null;
      await tx.rows(statements.lockTicket, [first.id, evento.id]);
      const [row] = await tx.rows<TicketReadRow>(statements.readTicket, [request.qrCode, evento.id, scanId]);
      if (!row) return null;
      const locked = await reader.readOf(row, request.qrCode);
      const decision = judge(locked, request, offline, evento);
      if ('replay' in decision) return decision.replay;
      const written = await record(tx, evento, request, locked, decision, offline, device);
      if (!written) throw new Error('scanner: ticket changed under its own row lock');
      return written;
    });
    // The ticket went away meanwhile: why is asked after the transaction, as the embedded database
    // runs one statement at a time and a query beside its open transaction would wait for it forever.
    if (answer === null) throw await reader.lookupFailure(request.qrCode);
    return answer;
  }

  return {
    decideAndRecord,

    /**
     * A scan decided from this process's last read (known-scans.ts, docs/decisions/048), recorded —
     * with the request counted in `rate` — in one statement, only if the event, order, type and
     * ticket are still as read and the request's device (`identity`) may scan (401 when not).
     * `unanswered` when it cannot be answered so (a scanId recorded before, the key or event
     * changed): the caller reads and decides as usual; `decide-again` (with the device) when the
     * ticket, its order or its type changed after the request was counted.
     */
    async recordKnown(
      apiKey: string,
      evento: ScannerEventRow & { version: string },
      request: ConsumeRequest,
      read: TicketRead,
      rate: ScanRateWindows,
      identity: RequestDevice,
    ): Promise<ScanResult | 'unanswered' | { decideAgain: ScannerDevice | null }> {
      const decision = judge(read, request, null, evento);
      if ('replay' in decision) return 'unanswered';
      let written: WrittenKnown | undefined;
      try {
        [written] = await hot.rows<WrittenKnown>(statements.recordKnownScan, [
          ...recordValues(evento, request, read, decision, null),
          evento.version,
          read.pedidoVersion,
          read.tipoVersion,
          rate.json,
          rate.windowStart.toISOString(),
          identity.tokenHash,
          identity.tokenHash === null ? identity.deviceId : null,
        ]);
      } catch (error) {
        // A scanId recorded before (a retry, another device): nothing was written; the read answers it.
        if (request.scanId && isUniqueViolation(error, 'scan_log_evento_scan_id_unique')) return 'unanswered';
        throw error;
      }
      if (!written || written.evento === 0) {
        known.forgetEvent(apiKey);
        return 'unanswered';
      }
      rate.check(written.hits);
      const device = admitDevice(evento, identity, toScannerDevice(written.device));
      if (written.locked === 0) {
        known.forgetTicket(evento.id, request.qrCode);
        return { decideAgain: device };
      }
      return recorded(evento, request, read, decision, written);
    },

    /**
     * A scan that found no ticket of this event, kept in the log (then answered 404 or 403). An
     * offline upload's row is dated at its scan time.
     */
    async logLookupFailure(
      evento: ScannerEventRow,
      request: ConsumeRequest,
      failure: HttpError,
      offline: OfflineScan | null,
      device: ScannerDevice | null,
    ) {
      const reason = failure.statusCode === 404 ? lookupReasons.notFound : lookupReasons.otherEvent;
      const at = offline?.loggedAt ?? options.now?.();
      await hot.rows(statements.logLookupFailure, [
        evento.id,
        request.qrCode,
        request.tipoBebida ?? null,
        request.barra ?? null,
        request.deviceId ?? null,
        reason,
        // The answer is the reason's fixed 404 or 403 and the row has no scanId to replay it for: the
        // row keeps no copy of it (docs/decisions/051), one per unknown code a client sends.
        '{}',
        offline !== null,
        at ? at.toISOString() : null,
        device?.id ?? null,
        device?.usuarioId ?? null,
        // An offline upload sent again (a lost answer, a second sync) is logged once (docs/decisions/067).
        offline !== null ? (request.scanId ?? null) : null,
      ]);
    },
  };
}
