import type { ConsumoRow, ScanTicketRow } from '@drinkflow/domain/scan-answer';
import { scannerMessages, type ScanResult } from '@drinkflow/domain/scanner';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { HotExecutor, HotStatement } from '../../db/hot-statements';
import { forbidden, notFound, type HttpError } from '../../http/errors';
import * as statements from './scan-statements';
import type { TicketReadRow } from './scan-statements';

/**
 * Reading the ticket a scan is about: in the statement that opens a consume (with the key's event,
 * `eventOfKeyWithTicket`), or on its own (`readTicket`, scan-statements.ts) when a scan is decided
 * again. A ticket this process read before may be decided without reading it (known-scans.ts).
 */

/** A ticket of the event as read for a scan, with its drinks, version and the database's time. */
export interface TicketRead {
  ticket: ScanTicketRow;
  /** The `xmin` of the ticket, its order and its type as read (known-scans.ts checks them). */
  version: string;
  pedidoVersion: string;
  tipoVersion: string;
  history: ConsumoRow[];
  earlier: { qr: string; response: ScanResult; undone: boolean } | null;
  nowMs: number;
}

/**
 * The key's event with this request counted and its device ($6 token hash, $7 link device id;
 * admission/event-of-key.ts), and with it ($4 QR code, $5 scanId) the ticket of that event as a
 * consume reads it: the first of a consume's two round trips.
 */
export const eventOfKeyWithTicket: HotStatement = {
  name: 'drinkflow_scanner_event_of_key_with_ticket',
  text: `${statements.keyEventAndHits({ tokenHash: '$6', linkId: '$7' })}, ticket as (${statements.ticketSelect({ qrCode: '$4', eventoId: '(select id from e)', scanId: '$5' })})
    select e.*, (select json_object_agg(bucket, hits) from hit) as hits, (select device from d) as device,
           (select row_to_json(ticket) from ticket) as ticket
      from e`,
};

export function toTicketRead(row: TicketReadRow): TicketRead {
  return {
    ticket: {
      id: row.id,
      estado: row.estado,
      createdAt: new Date(row.created_ms),
      titular: row.titular,
      tipo: {
        nombre: row.tipo_nombre,
        modo: row.modo,
        maxDrinks: row.max_drinks,
        drinkIntervalMinutes: row.drink_interval_minutes,
        durationMinutes: row.duration_minutes,
        drinkType: row.drink_type,
        validoDesde: new Date(row.desde_ms),
        validoHasta: new Date(row.hasta_ms),
        maxDrinksPerDay: row.max_drinks_per_day,
        barrasPermitidas: row.barras_permitidas,
      },
      // Only a ticket with top-ups carries them, so other answers stay as they were.
      ...(row.recargas_bebidas > 0 ? { recargas: Number(row.recargas_bebidas) } : {}),
      ...(row.recargas_hoy
        ? {
            recargasHoy: row.recargas_hoy.map((topUp) => ({
              at: new Date(Number(topUp.ms)),
              bebidas: Number(topUp.bebidas),
            })),
          }
        : {}),
    },
    version: row.version,
    pedidoVersion: row.pedido_version,
    tipoVersion: row.tipo_version,
    history: (row.history ?? []).map((drink) => ({
      id: Number(drink.id),
      tipoBebida: drink.tipoBebida,
      timestamp: new Date(Number(drink.ms)),
      barra: drink.barra,
    })),
    earlier: row.earlier as TicketRead['earlier'],
    nowMs: Number(row.now_ms),
  };
}

/**
 * Reads tickets for scans; `observeDatabaseTime` hears the database's time of every read (the clock
 * of scans decided from memory, known-scans.ts).
 */
export function createTicketReader(db: Db, observeDatabaseTime: (databaseMs: number) => void) {
  /**
   * Why no ticket of this event answers to `qrCode`: none at all (404) or another event's (403).
   * Only a failed scan asks, so the hot read can name the event. Codes are unique per event
   * (docs/decisions/069), so each event is looked up in the (evento_id, qr_code) index, one probe
   * per event (the lateral LIMIT keeps it a loop), instead of a scan of every ticket.
   */
  async function lookupFailure(qrCode: string): Promise<HttpError> {
    const result = await db.execute(sql`
      select 1 from eventos e
       cross join lateral (select 1 from tickets t where t.evento_id = e.id and t.qr_code = ${qrCode} limit 1) found
       limit 1`);
    const other = (result as unknown as { rows: unknown[] }).rows.length > 0;
    return other ? forbidden(scannerMessages.otherEvent) : notFound(scannerMessages.ticketNotFound);
  }

  /** A ticket read, or the 404/403 the scanner shows when the event has no ticket of `qrCode`. */
  async function readOf(row: TicketReadRow | null | undefined, qrCode: string): Promise<TicketRead> {
    if (!row) throw await lookupFailure(qrCode);
    const read = toTicketRead(row);
    observeDatabaseTime(read.nowMs);
    return read;
  }

  return {
    lookupFailure,
    readOf,
    /** The ticket of `qrCode` in event `eventoId` as a scan reads it, or the 404/403 the scanner shows. */
    async read(executor: HotExecutor, eventoId: number, qrCode: string, scanId: string | null) {
      const [row] = await executor.rows<TicketReadRow>(statements.readTicket, [qrCode, eventoId, scanId]);
      return readOf(row, qrCode);
    },
  };
}

export type TicketReader = ReturnType<typeof createTicketReader>;
