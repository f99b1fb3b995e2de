import { defaultTipoBebida } from '@drinkflow/domain/bebidas';
import { decideScan, effectiveTicketState } from '@drinkflow/domain/scan-rules';
import {
  SCANNER_LIMITS,
  scannerMessages,
  type ScannerEvent,
  type ScannerTicketResponse,
  type ScanResult,
} from '@drinkflow/domain/scanner';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consumos, pedidos, scanLog, tickets, tiposTicket } from '../../db/schema';
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

/** Delivered at commit to every server process listening (the live statistics, modules/stats-stream). */
export const SCANS_CHANNEL = 'drinkflow_scans';

interface LockedTicketRow {
  id: number;
  estado: 'activo' | 'invalidado';
  created_at: string | Date;
  evento_id: number;
  nombre_completo: string;
  tipo_id: number;
  tipo_evento_id: number;
  nombre: string;
  modo: ScanTicketRow['tipo']['modo'];
  max_drinks: number | null;
  drink_interval_minutes: number | null;
  duration_minutes: number | null;
  drink_type: string;
  valido_desde: string | Date;
  valido_hasta: string | Date;
  tipo_created_at: string | Date;
  tipo_updated_at: string | Date;
}

/** The rows of `tx.execute` on either driver (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

// Raw rows carry timestamps as Date or as text depending on the driver's parsers.
const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

function lockedTicket(row: LockedTicketRow | undefined): ScanTicketRow | null {
  if (!row) return null;
  return {
    id: row.id,
    estado: row.estado,
    createdAt: toDate(row.created_at),
    eventoId: row.evento_id,
    titular: row.nombre_completo,
    tipo: {
      id: row.tipo_id,
      eventoId: row.tipo_evento_id,
      nombre: row.nombre,
      modo: row.modo,
      maxDrinks: row.max_drinks,
      drinkIntervalMinutes: row.drink_interval_minutes,
      durationMinutes: row.duration_minutes,
      drinkType: row.drink_type,
      validoDesde: toDate(row.valido_desde),
      validoHasta: toDate(row.valido_hasta),
      createdAt: toDate(row.tipo_created_at),
      updatedAt: toDate(row.tipo_updated_at),
    },
  };
}

/** Why a scan found no ticket to decide on; logged like any other refusal. */
const lookupReasons = { notFound: 'no_encontrado', otherEvent: 'otro_evento' } as const;

export function createScannerService(db: Db, options: { now: () => Date; timeZone: string }) {
  const { now, timeZone } = options;

  /** The ticket of `qrCode` with its type, its order's event and holder (the lookup; no lock). */
  async function ticketOf(qrCode: string): Promise<ScanTicketRow | null> {
    const [row] = await db
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

  /**
   * A scan that found no ticket of this event: kept in the log, then answered 404 or 403. One
   * statement that also notifies the live statistics (delivered when it commits).
   */
  async function logLookupFailure(evento: ScannerEventRow, request: ConsumeRequest, failure: HttpError) {
    const reason = failure.statusCode === 404 ? lookupReasons.notFound : lookupReasons.otherEvent;
    const response = { message: failure.message, error: failure.code };
    await db.execute(sql`
      with logged as (
        insert into scan_log (evento_id, qr_code, tipo_bebida, barra, device_id, allowed, reason, response)
        values (${evento.id}, ${request.qrCode}, ${request.tipoBebida ?? null}, ${request.barra ?? null},
                ${request.deviceId ?? null}, false, ${reason}, ${JSON.stringify(response)}::jsonb)
        returning evento_id
      )
      select pg_notify(${SCANS_CHANNEL}, evento_id::text) from logged`);
  }

  /**
   * One consume attempt, decided and recorded in one transaction with the ticket row locked: four
   * statements (lock, read, write, commit), written as SQL because this is the hottest path of the
   * product (bench/RESULTS.md). The drinks and the scanId are read in a statement of their own after
   * the lock: under READ COMMITTED only a new statement sees what the previous holder committed.
   */
  async function consumeOnce(evento: ScannerEventRow, request: ConsumeRequest): Promise<ScanResult> {
    return db.transaction(async (tx) => {
      const ticket = lockedTicket(
        rowsOf<LockedTicketRow>(
          await tx.execute(sql`
            select t.id, t.estado, t.created_at, p.evento_id, p.nombre_completo,
                   tt.id as tipo_id, tt.evento_id as tipo_evento_id, tt.nombre, tt.modo, tt.max_drinks,
                   tt.drink_interval_minutes, tt.duration_minutes, tt.drink_type, tt.valido_desde,
                   tt.valido_hasta, tt.created_at as tipo_created_at, tt.updated_at as tipo_updated_at
            from tickets t
            join pedidos p on p.id = t.pedido_id
            join tipos_ticket tt on tt.id = t.ticket_type_id
            where t.qr_code = ${request.qrCode}
            limit 1
            for update of t`),
        )[0],
      );
      assertOfEvent(evento, ticket);
      const [history] = rowsOf<{
        times: unknown[] | null;
        earlier: { qr: string; response: ScanResult } | null;
      }>(
        await tx.execute(sql`
          select (select array_agg((extract(epoch from c.timestamp) * 1000)::float8)
                    from consumos c where c.ticket_id = ${ticket.id}) as times,
                 (select json_build_object('qr', s.qr_code, 'response', s.response)
                    from scan_log s
                   where s.evento_id = ${evento.id} and s.scan_id = ${request.scanId ?? null}) as earlier`),
      );
      const earlier = history?.earlier ?? null;
      if (earlier) {
        if (earlier.qr !== request.qrCode) throw conflict(scannerMessages.scanIdReused);
        return earlier.response;
      }
      const times = (history?.times ?? []).map((time) => new Date(Number(time)));
      const at = now();
      const tipoBebida = (request.tipoBebida ?? defaultTipoBebida(ticket.tipo.drinkType)).toLocaleLowerCase(
        'es',
      );
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

      const barra = request.barra ?? null;
      // The drink (when served), its log row and the live statistics' notice, in one statement.
      await tx.execute(sql`
        with consumo as (
          insert into consumos (ticket_id, evento_id, tipo_bebida, timestamp, barra)
          select ${ticket.id}, ${evento.id}, ${tipoBebida}, ${at.toISOString()}::timestamptz, ${barra}
          where ${decision.allowed}
          returning id
        ), logged as (
          insert into scan_log (evento_id, ticket_id, consumo_id, qr_code, scan_id, tipo_bebida, barra,
                                device_id, allowed, reason, response, created_at)
          select ${evento.id}, ${ticket.id}, (select id from consumo), ${request.qrCode},
                 ${request.scanId ?? null}, ${tipoBebida}, ${barra}, ${request.deviceId ?? null},
                 ${decision.allowed}, ${decision.reason}, ${JSON.stringify(result)}::jsonb,
                 ${at.toISOString()}::timestamptz
          returning id
        )
        select pg_notify(${SCANS_CHANNEL}, ${String(evento.id)}) from logged`);
      return result;
    });
  }

  return {
    /**
     * The event of a scanner key and, in the same statement, one more request counted in this
     * client's rate window (`hits`, null when not counting); null when the key is unknown.
     */
    async eventOfKeyCounting(
      apiKey: string,
      client: string | null,
      windowStart: Date,
    ): Promise<{ evento: ScannerEventRow; hits: number | null } | null> {
      const [row] = rowsOf<{
        id: number;
        nombre: string;
        ubicacion: string;
        fecha_inicio: string | Date;
        fecha_fin: string | Date;
        hits: number | null;
      }>(
        await db.execute(sql`
          with e as (
            select id, nombre, ubicacion, fecha_inicio, fecha_fin from eventos where api_key = ${apiKey}
          ), hit as (
            insert into rate_counters (bucket, key, window_start, hits)
            select 'scanner', e.id::text || ':' || ${client ?? ''}, ${windowStart.toISOString()}::timestamptz, 1
            from e where ${client !== null}
            on conflict (bucket, key, window_start) do update set hits = rate_counters.hits + 1
            returning hits
          )
          select e.*, (select hits from hit) as hits from e`),
      );
      if (!row) return null;
      return {
        evento: {
          id: row.id,
          nombre: row.nombre,
          ubicacion: row.ubicacion,
          fechaInicio: toDate(row.fecha_inicio).toISOString(),
          fechaFin: toDate(row.fecha_fin).toISOString(),
        },
        hits: row.hits === null ? null : Number(row.hits),
      };
    },

    /** GET …/ticket/{qrCode}: what the bartender sees, and what a drink now would get. */
    async lookup(evento: ScannerEventRow, qrCode: string): Promise<ScannerTicketResponse> {
      const ticket = await ticketOf(qrCode);
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
        await tx.execute(sql`select pg_notify(${SCANS_CHANNEL}, ${String(evento.id)})`);
      });
    },
  };
}

export type ScannerService = ReturnType<typeof createScannerService>;
