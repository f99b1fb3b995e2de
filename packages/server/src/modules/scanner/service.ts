import { defaultTipoBebida } from '@drinkflow/domain/bebidas';
import { escaneadoEnProblem, judgeOfflineScan, offlineDrinkTime } from '@drinkflow/domain/offline-sync';
import { decideScan } from '@drinkflow/domain/scan-rules';
import {
  offlineUploadMessages,
  SCANNER_LIMITS,
  scannerMessages,
  type ScannerTicketResponse,
  type ScanResult,
} from '@drinkflow/domain/scanner';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consumos, scanLog, tickets } from '../../db/schema';
import { badRequest, conflict, forbidden, HttpError, isUniqueViolation, notFound } from '../../http/errors';
import type { ScanNotifier } from '../stats-stream/scan-notifier';
import { hotDriverOf, type HotExecutor } from '../../db/hot-statements';
import * as statements from './scan-statements';
import type { TicketReadRow } from './scan-statements';
import type { ScannerEventRow, ScanRateWindows } from './rate-limit';
import { createKnownScans } from './known-scans';
import { toTicketRead, type TicketRead } from './ticket-read';
import {
  ownKindAllowed,
  toScannedTicket,
  toScanResult,
  type ScanPlace,
  type ScanTicketRow,
} from '@drinkflow/domain/scan-answer';

export interface ConsumeRequest {
  qrCode: string;
  tipoBebida?: string;
  scanId?: string;
  barra?: string;
  deviceId?: string;
  /** A drink served offline, uploaded now (docs/rules/offline-and-field.md); then `scanId` and `escaneadoEn` are set. */
  offline?: boolean;
  /** When the device scanned it (ISO), offline only. */
  escaneadoEn?: string;
}

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

/** The database's time of the statement that reads it, in milliseconds (a drink's time). */
const DB_NOW_MS = sql`(extract(epoch from statement_timestamp()) * 1000)::float8`;

/** An accepted offline upload: the device's scan time, and the time a lookup failure is logged at. */
interface OfflineScan {
  escaneadoEn: Date;
  loggedAt: Date;
}

/** A scan judged: its answer, whether a drink is recorded, at what time, and what its log row says. */
interface Judged {
  result: ScanResult;
  served: boolean;
  drinkAt: Date;
  logReason: string;
  /** An offline drink's conflict (the refusal's reason), else null. */
  conflicto: string | null;
}

/** A new decision, with the drink it is about. */
interface Decided {
  judged: Judged;
  tipoBebida: string;
}

/** What a record statement answers (scan-statements.ts). */
interface Written {
  locked: number;
  consumo_id: number | null;
  /** The ticket's version after a drink was recorded (null without one). */
  version: string | null;
}

/** What the record of a scan decided from memory answers: also whether the event was as read, and the rate counts. */
interface WrittenKnown extends Written {
  evento: number;
  hits: Record<string, number | string> | null;
}

/** Why a scan found no ticket to decide on; logged like any other refusal. */
const lookupReasons = { notFound: 'no_encontrado', otherEvent: 'otro_evento' } as const;

/**
 * Why no ticket of this event answers to `qrCode`: none at all (404) or another event's (403). Only
 * a failed scan asks, so the hot read can name the event.
 */
async function lookupFailure(db: Db, qrCode: string): Promise<HttpError> {
  const [other] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.qrCode, qrCode))
    .limit(1);
  return other ? forbidden(scannerMessages.otherEvent) : notFound(scannerMessages.ticketNotFound);
}

/**
 * Where a consume happens, for the rules: its bar — none given is null, which a type that names
 * bars refuses (docs/rules/festivals.md) — and the event's cut-off.
 */
const placeOf = (evento: ScannerEventRow, request: ConsumeRequest): ScanPlace => ({
  barra: request.barra ?? null,
  corteDiario: evento.corteDiario,
});

/** Optimistic attempts before a scan takes the ticket's row lock first (a ticket scanned at once by several bars). */
const OPTIMISTIC_ATTEMPTS = 3;

export function createScannerService(db: Db, options: ScannerServiceOptions) {
  const { timeZone, notifier } = options;
  const hot = hotDriverOf(db);
  const known = createKnownScans(options.knownTickets);
  /** The scan's time: the test clock when given, else the database's time read with the scan. */
  const timeOf = (dbNowMs: number | string) => options.now?.() ?? new Date(Number(dbNowMs));

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
   * A scan that found no ticket of this event: kept in the log, then answered 404 or 403. An offline
   * upload's row is dated at its scan time.
   */
  async function logLookupFailure(
    evento: ScannerEventRow,
    request: ConsumeRequest,
    failure: HttpError,
    offline: OfflineScan | null,
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
    ]);
    notifier.scanned(evento.id);
  }

  /** A ticket read, or the 404/403 the scanner shows when the event has no ticket of `qrCode`. */
  async function readOf(row: TicketReadRow | null | undefined, qrCode: string): Promise<TicketRead> {
    if (!row) throw await lookupFailure(db, qrCode);
    const read = toTicketRead(row);
    known.observeDatabaseTime(read.nowMs);
    return read;
  }

  /** The ticket of `qrCode` in this event as a scan reads it, or the 404/403 the scanner shows. */
  async function readTicket(
    executor: HotExecutor,
    evento: ScannerEventRow,
    qrCode: string,
    scanId: string | null,
  ) {
    const [row] = await executor.rows<TicketReadRow>(statements.readTicket, [qrCode, evento.id, scanId]);
    return readOf(row, qrCode);
  }

  /** An online scan: the rule function decides at `at`, and only an allowed drink is recorded. */
  function judgeOnline(
    ticket: ScanTicketRow,
    times: Date[],
    tipoBebida: string,
    at: Date,
    place: ScanPlace,
  ): Judged {
    const decision = decideScan({
      ticket,
      tipo: ticket.tipo,
      consumos: times,
      tipoBebida,
      now: at,
      timeZone,
      recargas: ticket.recargas,
      ...place,
    });
    const result = toScanResult({
      decision,
      ticket,
      times,
      tipoBebida,
      now: at,
      timeZone,
      kind: 'consume',
      place,
    });
    return { result, served: decision.allowed, drinkAt: at, logReason: decision.reason, conflicto: null };
  }

  /**
   * An offline upload (docs/rules/offline-and-field.md): always recorded, at its scan time; a conflict when the rules,
   * with every drink of the ticket the server has, would have refused it (offline-sync.ts). The
   * answer's `canConsume` and `remainingDrinks` describe the ticket now, this drink included.
   */
  function judgeOffline(
    ticket: ScanTicketRow,
    times: Date[],
    tipoBebida: string,
    at: Date,
    offline: OfflineScan,
    place: ScanPlace,
  ): Judged {
    const drinkAt = offlineDrinkTime(offline.escaneadoEn, at);
    const judgement = judgeOfflineScan({
      ticket,
      tipo: ticket.tipo,
      consumos: times,
      tipoBebida,
      escaneadoEn: drinkAt,
      timeZone,
      recargas: ticket.recargas,
      ...place,
    });
    const withThis = [...times, drinkAt];
    const { modo, maxDrinks } = ticket.tipo;
    const result: ScanResult = {
      success: true,
      conflicto: judgement.conflicto,
      canConsume: ownKindAllowed(ticket, withThis, at, timeZone, place),
      message: judgement.conflicto
        ? `${offlineUploadMessages.conflict}: ${judgement.message}`
        : 'Consumo registrado',
      reason: judgement.reason,
      tipoBebida,
    };
    if (modo !== 'temporal' && maxDrinks !== null) {
      result.remainingDrinks = Math.max(0, maxDrinks + (ticket.recargas ?? 0) - withThis.length);
    }
    const conflicto = judgement.conflicto ? judgement.reason : null;
    return { result, served: true, drinkAt, logReason: 'ok', conflicto };
  }

  /**
   * The answer to a scan, from a read of its ticket: a replay of an earlier scan with this scanId, or
   * a new decision with what to record. Pure: `record` writes it.
   */
  function decide(
    read: TicketRead,
    request: ConsumeRequest,
    offline: OfflineScan | null,
    place: ScanPlace,
  ): { replay: ScanResult } | Decided {
    const { ticket, history, earlier } = read;
    const times = history.map((row) => row.timestamp);
    const at = timeOf(read.nowMs);
    if (earlier) {
      if (earlier.qr !== request.qrCode) throw conflict(scannerMessages.scanIdReused);
      // The first answer, with the ticket as it is now; a drink taken back since is never green
      // again (docs/rules/offline-and-field.md).
      const first: ScanResult = earlier.undone
        ? {
            success: false,
            canConsume: ownKindAllowed(ticket, times, at, timeZone, place),
            message: scannerMessages.undone,
            reason: 'deshecho',
            tipoBebida: earlier.response.tipoBebida,
            scanId: request.scanId,
          }
        : earlier.response;
      return { replay: { ...first, ...toScannedTicket(ticket, history, at) } };
    }
    const tipoBebida = (request.tipoBebida ?? defaultTipoBebida(ticket.tipo.drinkType)).toLocaleLowerCase(
      'es',
    );
    const judged = offline
      ? judgeOffline(ticket, times, tipoBebida, at, offline, place)
      : judgeOnline(ticket, times, tipoBebida, at, place);
    if (request.scanId) judged.result.scanId = request.scanId;
    return { judged, tipoBebida };
  }

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
    written: Written,
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
   * back in between and the scan must be decided again.
   */
  async function record(
    executor: HotExecutor,
    evento: ScannerEventRow,
    request: ConsumeRequest,
    read: TicketRead,
    decided: Decided,
    offline: OfflineScan | null,
  ): Promise<ScanResult | null> {
    const [written] = await executor.rows<Written>(
      statements.recordScan,
      recordValues(evento, request, read, decided, offline),
    );
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
    firstRead?: TicketReadRow | null,
  ): Promise<ScanResult> {
    const scanId = request.scanId ?? null;
    const place = placeOf(evento, request);
    for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
      const read =
        attempt === 0 && firstRead !== undefined
          ? await readOf(firstRead, request.qrCode)
          : await readTicket(hot, evento, request.qrCode, scanId);
      const decision = decide(read, request, offline, place);
      if ('replay' in decision) return decision.replay;
      const answer = await record(hot, evento, request, read, decision, offline);
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
      const locked = await readOf(row, request.qrCode);
      const decision = decide(locked, request, offline, place);
      if ('replay' in decision) return decision.replay;
      const written = await record(tx, evento, request, locked, decision, offline);
      if (!written) throw new Error('scanner: ticket changed under its own row lock');
      return written;
    });
    // The ticket went away meanwhile: why is asked after the transaction, as the embedded database
    // runs one statement at a time and a query beside its open transaction would wait for it forever.
    if (answer === null) throw await lookupFailure(db, request.qrCode);
    return answer;
  }

  /**
   * POST …/consume: decided by the one rule function and recorded exactly once per scanId.
   * `firstRead`: the ticket already read with the key's event (rate-limit.ts), when it was;
   * `apiKey`: the key that opened the event, remembered for the next scan (known-scans.ts).
   */
  async function consume(
    evento: ScannerEventRow,
    request: ConsumeRequest,
    { firstRead, apiKey }: { firstRead?: TicketReadRow | null; apiKey?: string } = {},
  ): Promise<ScanResult> {
    if (apiKey !== undefined) known.rememberEvent(apiKey, evento);
    const offline = await offlineScanOf(request);
    try {
      const answer = await decideAndRecord(evento, request, offline, firstRead);
      notifier.scanned(evento.id);
      return answer;
    } catch (error) {
      if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 403)) {
        known.forgetTicket(evento.id, request.qrCode);
        await logLookupFailure(evento, request, error, offline);
        throw error;
      }
      // The same scanId sent at once with two QR codes: the loser sees the winner's row now.
      if (request.scanId && isUniqueViolation(error, 'scan_log_evento_scan_id_unique')) {
        return decideAndRecord(evento, request, offline);
      }
      throw error;
    }
  }

  return {
    /** GET …/ticket/{qrCode}: what the bartender sees, and what a drink now would get. */
    async lookup(evento: ScannerEventRow, qrCode: string, barra?: string): Promise<ScannerTicketResponse> {
      const { ticket, history, nowMs } = await readTicket(hot, evento, qrCode, null);
      const at = timeOf(nowMs);
      const times = history.map((row) => row.timestamp);
      const tipoBebida = defaultTipoBebida(ticket.tipo.drinkType);
      // Without the device's bar the allowed-bars rule is skipped (undefined), docs/rules/festivals.md.
      const place: ScanPlace = { barra, corteDiario: evento.corteDiario };
      const decision = decideScan({
        ticket,
        tipo: ticket.tipo,
        consumos: times,
        tipoBebida,
        now: at,
        timeZone,
        recargas: ticket.recargas,
        ...place,
      });
      return {
        ...toScannedTicket(ticket, history, at),
        evento: {
          nombre: evento.nombre,
          ubicacion: evento.ubicacion,
          fechaInicio: evento.fechaInicio,
          fechaFin: evento.fechaFin,
        },
        verificacion: toScanResult({
          decision,
          ticket,
          times,
          tipoBebida,
          now: at,
          timeZone,
          kind: 'verify',
          place,
        }),
      };
    },

    consume,

    /**
     * POST …/consume in one round trip, for a ticket this process has read before through this API
     * key (docs/decisions/048): decided from that read at the database's time as last measured, and
     * recorded — with the request counted in `rate` — only if the event, order, type and ticket are
     * still as read. Null when it cannot answer so (nothing remembered, the key or event changed,
     * an offline upload, a scanId already recorded): then the caller reads and decides as usual.
     */
    async consumeKnown(
      apiKey: string,
      rate: ScanRateWindows,
      request: ConsumeRequest,
    ): Promise<ScanResult | null> {
      const evento = known.event(apiKey);
      const remembered = evento && request.offline !== true && known.ticket(evento.id, request.qrCode);
      if (!evento || !remembered) return null;
      const read: TicketRead = { ...remembered, nowMs: known.databaseNow().getTime() };
      const decision = decide(read, request, null, placeOf(evento, request));
      if ('replay' in decision) return null;
      let written: WrittenKnown | undefined;
      try {
        [written] = await hot.rows<WrittenKnown>(statements.recordKnownScan, [
          ...recordValues(evento, request, read, decision, null),
          evento.version,
          read.pedidoVersion,
          read.tipoVersion,
          rate.json,
          rate.windowStart.toISOString(),
        ]);
      } catch (error) {
        // A scanId recorded before (a retry, another device): nothing was written; the read answers it.
        if (request.scanId && isUniqueViolation(error, 'scan_log_evento_scan_id_unique')) return null;
        throw error;
      }
      if (!written || written.evento === 0) {
        known.forgetEvent(apiKey);
        return null;
      }
      rate.check(written.hits);
      if (written.locked === 0) {
        // Counted already: decided again from a fresh read, without counting twice.
        known.forgetTicket(evento.id, request.qrCode);
        return consume(evento, request);
      }
      const answer = recorded(evento, request, read, decision, written);
      notifier.scanned(evento.id);
      return answer;
    },

    /**
     * POST …/undo: the device that recorded a drink takes it back within the undo window. Locks in
     * a consume's order, the ticket first: a consume holds the ticket while it adds to the event's
     * counters, and an undo that took the counters first (deleting the drink) and then waited for the
     * ticket (its log row's reference) would deadlock against it.
     */
    async undo(evento: ScannerEventRow, scanId: string, deviceId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          select t.id from tickets t
           where t.id = (select s.ticket_id from scan_log s where s.evento_id = ${evento.id} and s.scan_id = ${scanId})
           for update`);
        const [found] = await tx
          .select({ scan: scanLog, nowMs: sql<number | string>`${DB_NOW_MS}` })
          .from(scanLog)
          .where(and(eq(scanLog.eventoId, evento.id), eq(scanLog.scanId, scanId)))
          .limit(1)
          .for('update');
        if (!found) throw notFound(scannerMessages.undoUnknown);
        const { scan } = found;
        const at = timeOf(found.nowMs);
        const tooLate = at.getTime() - scan.createdAt.getTime() > SCANNER_LIMITS.undoWindowMs;
        if (scan.consumoId === null || scan.undoneAt || scan.deviceId !== deviceId || tooLate) {
          throw conflict(scannerMessages.undoTooLate);
        }
        await tx.delete(consumos).where(eq(consumos.id, scan.consumoId));
        await tx.update(scanLog).set({ undoneAt: at }).where(eq(scanLog.id, scan.id));
        await tx.insert(scanLog).values({
          eventoId: evento.id,
          ticketId: scan.ticketId,
          accion: 'deshacer',
          qrCode: scan.qrCode,
          tipoBebida: scan.tipoBebida,
          barra: scan.barra,
          deviceId,
          allowed: true,
          reason: 'deshecho',
          response: { undone: true, scanId },
          createdAt: at,
        });
      });
      notifier.scanned(evento.id);
    },
  };
}

export type ScannerService = ReturnType<typeof createScannerService>;
