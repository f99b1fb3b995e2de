import { defaultTipoBebida } from '@drinkflow/domain/bebidas';
import { decideScan, effectiveTicketState } from '@drinkflow/domain/scan-rules';
import {
  SCANNER_LIMITS,
  scannerMessages,
  type ScannerEvent,
  type ScannerTicketResponse,
  type ScanResult,
} from '@drinkflow/domain/scanner';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { consumos, eventos, pedidos, scanLog, tickets, tiposTicket } from '../../db/schema';
import { conflict, forbidden, HttpError, isUniqueViolation, notFound } from '../../http/errors';
import { toScanResult, type ScanTicketRow } from './scan-result';

export interface ScannerEventRow extends ScannerEvent {
  id: number;
}

export interface ConsumeRequest {
  qrCode: string;
  tipoBebida?: string;
  scanId?: string;
  barra?: string;
  deviceId?: string;
}

/** Why a scan found no ticket to decide on; logged like any other refusal. */
const lookupReasons = { notFound: 'no_encontrado', otherEvent: 'otro_evento' } as const;

export function createScannerService(db: Db, options: { now: () => Date; timeZone: string }) {
  const { now, timeZone } = options;

  /** The ticket of `qrCode` with its type, its order's event and holder; locked when asked. */
  async function ticketOf(executor: Db | Tx, qrCode: string, lock: boolean): Promise<ScanTicketRow | null> {
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
    ticket: ScanTicketRow | null,
  ): asserts ticket is ScanTicketRow {
    if (!ticket) throw notFound(scannerMessages.ticketNotFound);
    if (ticket.eventoId !== evento.id) throw forbidden(scannerMessages.otherEvent);
  }

  async function consumptionTimes(executor: Db | Tx, ticketId: number): Promise<Date[]> {
    const rows = await executor
      .select({ timestamp: consumos.timestamp })
      .from(consumos)
      .where(eq(consumos.ticketId, ticketId));
    return rows.map((row) => row.timestamp);
  }

  /** A scan that found no ticket of this event: kept in the log, then answered 404 or 403. */
  async function logLookupFailure(evento: ScannerEventRow, request: ConsumeRequest, failure: HttpError) {
    const reason = failure.statusCode === 404 ? lookupReasons.notFound : lookupReasons.otherEvent;
    await db.insert(scanLog).values({
      eventoId: evento.id,
      qrCode: request.qrCode,
      tipoBebida: request.tipoBebida ?? null,
      barra: request.barra ?? null,
      deviceId: request.deviceId ?? null,
      allowed: false,
      reason,
      response: { message: failure.message, error: failure.code },
    });
  }

  /** One consume attempt, decided and recorded in one transaction with the ticket row locked. */
  async function consumeOnce(evento: ScannerEventRow, request: ConsumeRequest): Promise<ScanResult> {
    return db.transaction(async (tx) => {
      // The lock serialises every scan of this ticket, across server processes, until commit.
      const ticket = await ticketOf(tx, request.qrCode, true);
      assertOfEvent(evento, ticket);
      if (request.scanId) {
        const [earlier] = await tx
          .select({ qrCode: scanLog.qrCode, response: scanLog.response })
          .from(scanLog)
          .where(and(eq(scanLog.eventoId, evento.id), eq(scanLog.scanId, request.scanId)))
          .limit(1);
        if (earlier) {
          if (earlier.qrCode !== request.qrCode) throw conflict(scannerMessages.scanIdReused);
          return earlier.response as ScanResult;
        }
      }
      const at = now();
      const tipoBebida = (request.tipoBebida ?? defaultTipoBebida(ticket.tipo.drinkType)).toLocaleLowerCase(
        'es',
      );
      const times = await consumptionTimes(tx, ticket.id);
      const decision = decideScan({
        ticket,
        tipo: ticket.tipo,
        consumos: times,
        tipoBebida,
        now: at,
        timeZone,
      });
      const result = toScanResult({ decision, ticket, times, tipoBebida, now: at, timeZone, recorded: true });
      if (request.scanId) result.scanId = request.scanId;

      let consumoId: number | null = null;
      if (decision.allowed) {
        const [consumo] = await tx
          .insert(consumos)
          .values({
            ticketId: ticket.id,
            eventoId: evento.id,
            tipoBebida,
            timestamp: at,
            barra: request.barra ?? null,
          })
          .returning({ id: consumos.id });
        consumoId = consumo!.id;
      }
      await tx.insert(scanLog).values({
        eventoId: evento.id,
        ticketId: ticket.id,
        consumoId,
        qrCode: request.qrCode,
        scanId: request.scanId ?? null,
        tipoBebida,
        barra: request.barra ?? null,
        deviceId: request.deviceId ?? null,
        allowed: decision.allowed,
        reason: decision.reason,
        response: result,
        createdAt: at,
      });
      return result;
    });
  }

  return {
    /** The event of a scanner key, or null (the caller counts unknown keys). */
    async eventOfKey(apiKey: string): Promise<ScannerEventRow | null> {
      const [row] = await db
        .select({
          id: eventos.id,
          nombre: eventos.nombre,
          ubicacion: eventos.ubicacion,
          fechaInicio: eventos.fechaInicio,
          fechaFin: eventos.fechaFin,
        })
        .from(eventos)
        .where(eq(eventos.apiKey, apiKey))
        .limit(1);
      if (!row) return null;
      return {
        ...row,
        fechaInicio: row.fechaInicio.toISOString(),
        fechaFin: row.fechaFin.toISOString(),
      };
    },

    /** GET …/ticket/{qrCode}: what the bartender sees, and what a drink now would get. */
    async lookup(evento: ScannerEventRow, qrCode: string): Promise<ScannerTicketResponse> {
      const ticket = await ticketOf(db, qrCode, false);
      assertOfEvent(evento, ticket);
      const history = await db
        .select({
          id: consumos.id,
          tipoBebida: consumos.tipoBebida,
          timestamp: consumos.timestamp,
          barra: consumos.barra,
        })
        .from(consumos)
        .where(eq(consumos.ticketId, ticket.id))
        .orderBy(asc(consumos.timestamp), asc(consumos.id));
      const at = now();
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
      const { tipo } = ticket;
      return {
        ticket: {
          id: ticket.id,
          estado: effectiveTicketState(ticket, tipo, times.length, at),
          titular: ticket.titular,
          createdAt: ticket.createdAt.toISOString(),
        },
        evento: {
          nombre: evento.nombre,
          ubicacion: evento.ubicacion,
          fechaInicio: evento.fechaInicio,
          fechaFin: evento.fechaFin,
        },
        tipoTicket: {
          nombre: tipo.nombre,
          modo: tipo.modo,
          maxDrinks: tipo.maxDrinks,
          drinkIntervalMinutes: tipo.drinkIntervalMinutes,
          durationMinutes: tipo.durationMinutes,
          drinkType: tipo.drinkType,
          validoDesde: tipo.validoDesde.toISOString(),
          validoHasta: tipo.validoHasta.toISOString(),
        },
        consumos: history.map((row) => ({ ...row, timestamp: row.timestamp.toISOString() })),
        verificacion: toScanResult({
          decision,
          ticket,
          times,
          tipoBebida,
          now: at,
          timeZone,
          recorded: false,
        }),
      };
    },

    /** POST …/consume: decided by the one rule function and recorded exactly once per scanId. */
    async consume(evento: ScannerEventRow, request: ConsumeRequest): Promise<ScanResult> {
      try {
        return await consumeOnce(evento, request);
      } catch (error) {
        if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 403)) {
          await logLookupFailure(evento, request, error);
          throw error;
        }
        // The same scanId sent at once with two QR codes: the loser sees the winner's row now.
        if (request.scanId && isUniqueViolation(error, 'scan_log_evento_scan_id_unique')) {
          return consumeOnce(evento, request);
        }
        throw error;
      }
    },

    /** POST …/undo: the device that recorded a drink takes it back within the undo window. */
    async undo(evento: ScannerEventRow, scanId: string, deviceId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [scan] = await tx
          .select()
          .from(scanLog)
          .where(and(eq(scanLog.eventoId, evento.id), eq(scanLog.scanId, scanId)))
          .limit(1)
          .for('update');
        if (!scan) throw notFound(scannerMessages.undoUnknown);
        const at = now();
        const tooLate = at.getTime() - scan.createdAt.getTime() > SCANNER_LIMITS.undoWindowMs;
        if (scan.consumoId === null || scan.undoneAt || scan.deviceId !== deviceId || tooLate) {
          throw conflict(scannerMessages.undoTooLate);
        }
        // Same lock order as a consume (ticket first is not needed: the scan row already serialises
        // undos, and deleting the consumption only ever frees a drink).
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
    },
  };
}

export type ScannerService = ReturnType<typeof createScannerService>;
