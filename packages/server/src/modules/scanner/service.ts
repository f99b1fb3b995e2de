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
import type { Db, Tx } from '../../db/client';
import { consumos, pedidos, scanLog, tickets, tiposTicket } from '../../db/schema';
import { badRequest, conflict, forbidden, HttpError, isUniqueViolation, notFound } from '../../http/errors';
import { SCANS_CHANNEL } from '../stats-stream/hub';
import type { ScannerEventRow } from './rate-limit';
import {
  ownKindAllowed,
  toScannedTicket,
  toScanResult,
  type ConsumoRow,
  type ScanTicketRow,
} from '@drinkflow/domain/scan-answer';

export interface ConsumeRequest {
  qrCode: string;
  tipoBebida?: string;
  scanId?: string;
  barra?: string;
  deviceId?: string;
  /** A drink served offline, uploaded now (DECISIONS §12); then `scanId` and `escaneadoEn` are set. */
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

/** Why a scan found no ticket to decide on; logged like any other refusal. */
const lookupReasons = { notFound: 'no_encontrado', otherEvent: 'otro_evento' } as const;

/** The ticket of `qrCode` with its type, its order's event and holder; `lock` takes its row lock. */
async function ticketOf(
  executor: Db | Tx,
  qrCode: string,
  lock: boolean,
): Promise<(ScanTicketRow & { eventoId: number }) | null> {
  const query = executor
    .select({
      id: tickets.id,
      estado: tickets.estado,
      createdAt: tickets.createdAt,
      eventoId: pedidos.eventoId,
      titular: pedidos.nombreCompleto,
      tipo: tiposTicket,
    })
    .from(tickets)
    .innerJoin(pedidos, eq(pedidos.id, tickets.pedidoId))
    .innerJoin(tiposTicket, eq(tiposTicket.id, tickets.ticketTypeId))
    .where(eq(tickets.qrCode, qrCode))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: tickets }) : await query;
  return row ?? null;
}

/** A found ticket of this event, or the 404/403 the scanner shows. */
function assertOfEvent(
  evento: ScannerEventRow,
  ticket: (ScanTicketRow & { eventoId: number }) | null,
): asserts ticket is ScanTicketRow & { eventoId: number } {
  if (!ticket) throw notFound(scannerMessages.ticketNotFound);
  if (ticket.eventoId !== evento.id) throw forbidden(scannerMessages.otherEvent);
}

/** History rows as `json_agg` gives them (the time in epoch milliseconds). */
interface HistoryJson {
  id: number;
  tipoBebida: string;
  ms: number;
  barra: string | null;
}
const historyRows = (rows: HistoryJson[] | null): ConsumoRow[] =>
  (rows ?? []).map((row) => ({
    id: Number(row.id),
    tipoBebida: row.tipoBebida,
    timestamp: new Date(Number(row.ms)),
    barra: row.barra,
  }));

/** A ticket's drinks in time order, and the database's time (one statement). */
const historySql = (ticketId: number) => sql`
  (select json_agg(json_build_object('id', c.id, 'tipoBebida', c.tipo_bebida,
                                     'ms', (extract(epoch from c.timestamp) * 1000)::float8,
                                     'barra', c.barra) order by c.timestamp, c.id)
     from consumos c where c.ticket_id = ${ticketId})`;

export function createScannerService(db: Db, options: ScannerServiceOptions) {
  const { timeZone } = options;
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
   * A scan that found no ticket of this event: kept in the log, then answered 404 or 403. One
   * statement that also notifies the live statistics (delivered when it commits). An offline
   * upload's row is dated at its scan time.
   */
  async function logLookupFailure(
    evento: ScannerEventRow,
    request: ConsumeRequest,
    failure: HttpError,
    offline: OfflineScan | null,
  ) {
    const reason = failure.statusCode === 404 ? lookupReasons.notFound : lookupReasons.otherEvent;
    const response = { message: failure.message, error: failure.code };
    const at = offline?.loggedAt ?? options.now?.();
    await db.execute(sql`
      with logged as (
        insert into scan_log (evento_id, qr_code, tipo_bebida, barra, device_id, allowed, reason, response,
                              offline, created_at)
        values (${evento.id}, ${request.qrCode}, ${request.tipoBebida ?? null}, ${request.barra ?? null},
                ${request.deviceId ?? null}, false, ${reason}, ${JSON.stringify(response)}::jsonb,
                ${offline !== null},
                ${at ? sql`${at.toISOString()}::timestamptz` : sql`statement_timestamp()`})
        returning evento_id
      )
      select pg_notify(${SCANS_CHANNEL}, evento_id::text) from logged`);
  }

  /** An online scan: the rule function decides at `at`, and only an allowed drink is recorded. */
  function judgeOnline(ticket: ScanTicketRow, times: Date[], tipoBebida: string, at: Date): Judged {
    const decision = decideScan({
      ticket,
      tipo: ticket.tipo,
      consumos: times,
      tipoBebida,
      now: at,
      timeZone,
    });
    const result = toScanResult({ decision, ticket, times, tipoBebida, now: at, timeZone, kind: 'consume' });
    return { result, served: decision.allowed, drinkAt: at, logReason: decision.reason, conflicto: null };
  }

  /**
   * An offline upload (DECISIONS §12): always recorded, at its scan time; a conflict when the rules,
   * with every drink of the ticket the server has, would have refused it (offline-sync.ts). The
   * answer's `canConsume` and `remainingDrinks` describe the ticket now, this drink included.
   */
  function judgeOffline(
    ticket: ScanTicketRow,
    times: Date[],
    tipoBebida: string,
    at: Date,
    offline: OfflineScan,
  ): Judged {
    const drinkAt = offlineDrinkTime(offline.escaneadoEn, at);
    const judgement = judgeOfflineScan({
      ticket,
      tipo: ticket.tipo,
      consumos: times,
      tipoBebida,
      escaneadoEn: drinkAt,
      timeZone,
    });
    const withThis = [...times, drinkAt];
    const { modo, maxDrinks } = ticket.tipo;
    const result: ScanResult = {
      success: true,
      conflicto: judgement.conflicto,
      canConsume: ownKindAllowed(ticket, withThis, at, timeZone),
      message: judgement.conflicto
        ? `${offlineUploadMessages.conflict}: ${judgement.message}`
        : 'Consumo registrado',
      reason: judgement.reason,
      tipoBebida,
    };
    if (modo !== 'temporal' && maxDrinks !== null) {
      result.remainingDrinks = Math.max(0, maxDrinks - withThis.length);
    }
    const conflicto = judgement.conflicto ? judgement.reason : null;
    return { result, served: true, drinkAt, logReason: 'ok', conflicto };
  }

  /**
   * One consume attempt, decided and recorded in one transaction with the ticket row locked: four
   * statements (lock, read, write, commit), the last two written as SQL because this is the hottest
   * path of the product (bench/RESULTS.md). The drinks, the scanId and the time are read in a
   * statement of their own after the lock: under READ COMMITTED only a new statement sees what the
   * previous holder committed, and its time is after that holder's. An offline upload takes the
   * same path and the same lock, so it is judged with every drink committed before it.
   */
  async function decideAndRecord(
    evento: ScannerEventRow,
    request: ConsumeRequest,
    offline: OfflineScan | null,
  ): Promise<ScanResult> {
    return db.transaction(async (tx) => {
      const ticket = await ticketOf(tx, request.qrCode, true);
      assertOfEvent(evento, ticket);
      const [read] = rowsOf<{
        history: HistoryJson[] | null;
        earlier: { qr: string; response: ScanResult; undone: boolean } | null;
        now_ms: number | string;
      }>(
        await tx.execute(sql`
          select ${historySql(ticket.id)} as history,
                 (select json_build_object('qr', s.qr_code, 'response', s.response,
                                           'undone', s.undone_at is not null)
                    from scan_log s
                   where s.evento_id = ${evento.id} and s.scan_id = ${request.scanId ?? null}) as earlier,
                 ${DB_NOW_MS} as now_ms`),
      );
      const history = historyRows(read!.history);
      const times = history.map((row) => row.timestamp);
      const at = timeOf(read!.now_ms);
      const earlier = read!.earlier;
      if (earlier) {
        if (earlier.qr !== request.qrCode) throw conflict(scannerMessages.scanIdReused);
        // The first answer, with the ticket as it is now; a drink taken back since is never green
        // again (DECISIONS §12).
        const first: ScanResult = earlier.undone
          ? {
              success: false,
              canConsume: ownKindAllowed(ticket, times, at, timeZone),
              message: scannerMessages.undone,
              reason: 'deshecho',
              tipoBebida: earlier.response.tipoBebida,
              scanId: request.scanId,
            }
          : earlier.response;
        return { ...first, ...toScannedTicket(ticket, history, at) };
      }
      const tipoBebida = (request.tipoBebida ?? defaultTipoBebida(ticket.tipo.drinkType)).toLocaleLowerCase(
        'es',
      );
      const { result, served, drinkAt, logReason, conflicto } = offline
        ? judgeOffline(ticket, times, tipoBebida, at, offline)
        : judgeOnline(ticket, times, tipoBebida, at);
      if (request.scanId) result.scanId = request.scanId;

      const barra = request.barra ?? null;
      const when = sql`${drinkAt.toISOString()}::timestamptz`;
      // The drink (when served), its log row and the live statistics' notice, in one statement.
      const [written] = rowsOf<{ consumo_id: number | null }>(
        await tx.execute(sql`
          with consumo as (
            insert into consumos (ticket_id, evento_id, tipo_bebida, timestamp, barra, offline, conflicto)
            select ${ticket.id}, ${evento.id}, ${tipoBebida}, ${when}, ${barra}, ${offline !== null}, ${conflicto}
            where ${served}
            returning id
          ), logged as (
            insert into scan_log (evento_id, ticket_id, consumo_id, qr_code, scan_id, tipo_bebida, barra,
                                  device_id, allowed, reason, response, offline, conflicto, created_at)
            select ${evento.id}, ${ticket.id}, (select id from consumo), ${request.qrCode},
                   ${request.scanId ?? null}, ${tipoBebida}, ${barra}, ${request.deviceId ?? null},
                   ${served}, ${logReason}, ${JSON.stringify(result)}::jsonb, ${offline !== null}, ${conflicto},
                   ${when}
            returning consumo_id
          )
          select consumo_id, pg_notify(${SCANS_CHANNEL}, ${String(evento.id)}) from logged`),
      );
      if (written?.consumo_id != null) {
        history.push({ id: Number(written.consumo_id), tipoBebida, timestamp: drinkAt, barra });
        // An offline drink may be older than drinks already known: keep the history in time order.
        history.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime() || a.id - b.id);
      }
      // The ticket as it is now goes with the answer (not into the log): the scanner shows it as is.
      return { ...result, ...toScannedTicket(ticket, history, at) };
    });
  }

  return {
    /** GET …/ticket/{qrCode}: what the bartender sees, and what a drink now would get. */
    async lookup(evento: ScannerEventRow, qrCode: string): Promise<ScannerTicketResponse> {
      const ticket = await ticketOf(db, qrCode, false);
      assertOfEvent(evento, ticket);
      const [read] = rowsOf<{ history: HistoryJson[] | null; now_ms: number | string }>(
        await db.execute(sql`select ${historySql(ticket.id)} as history, ${DB_NOW_MS} as now_ms`),
      );
      const history = historyRows(read!.history);
      const at = timeOf(read!.now_ms);
      const times = history.map((row) => row.timestamp);
      const tipoBebida = defaultTipoBebida(ticket.tipo.drinkType);
      const decision = decideScan({
        ticket,
        tipo: ticket.tipo,
        consumos: times,
        tipoBebida,
        now: at,
        timeZone,
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
        }),
      };
    },

    /** POST …/consume: decided by the one rule function and recorded exactly once per scanId. */
    async consume(evento: ScannerEventRow, request: ConsumeRequest): Promise<ScanResult> {
      const offline = await offlineScanOf(request);
      try {
        return await decideAndRecord(evento, request, offline);
      } catch (error) {
        if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 403)) {
          await logLookupFailure(evento, request, error, offline);
          throw error;
        }
        // The same scanId sent at once with two QR codes: the loser sees the winner's row now.
        if (request.scanId && isUniqueViolation(error, 'scan_log_evento_scan_id_unique')) {
          return decideAndRecord(evento, request, offline);
        }
        throw error;
      }
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
        await tx.execute(sql`select pg_notify(${SCANS_CHANNEL}, ${String(evento.id)})`);
      });
    },
  };
}

export type ScannerService = ReturnType<typeof createScannerService>;
