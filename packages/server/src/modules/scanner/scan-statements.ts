import type { HotStatement } from '../../db/hot-statements';

/**
 * The statements a bar's scan runs (docs/decisions/043). Each one names the event — `evento_id` is
 * a parameter — so the scan log, the drinks and the tickets could be distributed by event (Citus)
 * without a statement crossing shards; test/scanner/hot-statements.test.ts lists and checks them.
 * Times travel as epoch milliseconds (float8), which both drivers read as numbers.
 */

const MS = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/** A ticket of the event by its QR code, as the scanner answers it. */
export interface TicketReadRow {
  id: number;
  estado: 'activo' | 'invalidado';
  created_ms: number;
  /** The row's version (`xmin`): every drink added or removed updates the ticket (trigger 0006). */
  version: string;
  titular: string;
  tipo_nombre: string;
  modo: 'por_cantidad' | 'temporal' | 'intervalos_controlados';
  max_drinks: number | null;
  drink_interval_minutes: number | null;
  duration_minutes: number | null;
  drink_type: string;
  desde_ms: number;
  hasta_ms: number;
  max_drinks_per_day: number | null;
  barras_permitidas: string[] | null;
  /** Drinks its top-ups added (DECISIONS §15). */
  recargas_bebidas: number;
  history: { id: number; tipoBebida: string; ms: number; barra: string | null }[] | null;
  earlier: { qr: string; response: unknown; undone: boolean } | null;
  now_ms: number;
}

/**
 * $1 QR code, $2 event, $3 scanId (or null). The ticket with its holder and type, its drinks in
 * time order, an earlier scan with this scanId, and the database's time: one snapshot, so the
 * version read is the version of exactly these drinks.
 */
export const readTicket: HotStatement = {
  name: 'drinkflow_scan_read_ticket',
  text: ticketSelect({ qrCode: '$1', eventoId: '$2', scanId: '$3' }),
};

/**
 * The SELECT of `readTicket`, with its three inputs as SQL expressions: also the last part of the
 * statement that opens a consume (rate-limit.ts), which reads the key's event and the ticket at once.
 */
export function ticketSelect(inputs: { qrCode: string; eventoId: string; scanId: string }): string {
  const { qrCode, eventoId, scanId } = inputs;
  return `
    select t.id, t.estado, ${MS('t.created_at')} as created_ms, t.xmin::text as version,
           p.nombre_completo as titular,
           tt.nombre as tipo_nombre, tt.modo, tt.max_drinks, tt.drink_interval_minutes, tt.duration_minutes,
           tt.drink_type, ${MS('tt.valido_desde')} as desde_ms, ${MS('tt.valido_hasta')} as hasta_ms,
           tt.max_drinks_per_day, tt.barras_permitidas, t.recargas_bebidas,
           (select json_agg(json_build_object('id', c.id, 'tipoBebida', c.tipo_bebida,
                                              'ms', ${MS('c.timestamp')}, 'barra', c.barra)
                            order by c.timestamp, c.id)
              from consumos c where c.ticket_id = t.id) as history,
           (select json_build_object('qr', s.qr_code, 'response', s.response, 'undone', s.undone_at is not null)
              from scan_log s where s.evento_id = ${eventoId} and s.scan_id = ${scanId}) as earlier,
           ${MS('statement_timestamp()')} as now_ms
      from tickets t
      join pedidos p on p.id = t.pedido_id
      join tipos_ticket tt on tt.id = t.ticket_type_id
     where t.qr_code = ${qrCode} and p.evento_id = ${eventoId}
     limit 1`;
}

/**
 * $1 ticket, $2 the version read, $3 event, $4 drink, $5 time, $6 bar, $7 offline, $8 conflict,
 * $9 served, $10 QR code, $11 scanId, $12 device, $13 log reason, $14 the answer (JSON).
 *
 * Records the scan only if the ticket is still at the version read: the row lock and the check are
 * one step (a lock that waited re-reads the newest row, and a changed `xmin` drops it), so a drink
 * committed in between makes this record nothing (`locked` = 0) and the scan is decided again. One
 * statement, committed on its own: no BEGIN/COMMIT round trips, and the lock is held only while the
 * two rows are written.
 */
export const recordScan: HotStatement = {
  name: 'drinkflow_scan_record',
  text: `
    with locked as (
      select t.id from tickets t where t.id = $1 and t.xmin = $2::xid for update
    ), consumo as (
      insert into consumos (ticket_id, evento_id, tipo_bebida, timestamp, barra, offline, conflicto)
      select id, $3, $4, $5::timestamptz, $6, $7, $8 from locked where $9::boolean
      returning id
    ), logged as (
      insert into scan_log (evento_id, ticket_id, consumo_id, qr_code, scan_id, tipo_bebida, barra, device_id,
                            allowed, reason, response, offline, conflicto, created_at)
      select $3, id, (select id from consumo), $10, $11, $4, $6, $12, $9, $13, $14::jsonb, $7, $8,
             $5::timestamptz
        from locked
      returning consumo_id
    )
    select (select count(*) from locked)::int as locked, (select consumo_id from logged) as consumo_id`,
};

/** $1 ticket, $2 event: the row lock a scan decided under contention takes first (then read, record). */
export const lockTicket: HotStatement = {
  name: 'drinkflow_scan_lock_ticket',
  text: `
    select t.id from tickets t
     where t.id = $1 and exists (select 1 from pedidos p where p.id = t.pedido_id and p.evento_id = $2)
       for update of t`,
};

/**
 * $1 event, $2 QR code, $3 drink, $4 bar, $5 device, $6 reason, $7 answer (JSON), $8 offline,
 * $9 time (or null: now). A scan that found no ticket of the event, kept in the log.
 */
export const logLookupFailure: HotStatement = {
  name: 'drinkflow_scan_log_failure',
  text: `
    insert into scan_log (evento_id, qr_code, tipo_bebida, barra, device_id, allowed, reason, response, offline,
                          created_at)
    values ($1, $2, $3, $4, $5, false, $6, $7::jsonb, $8, coalesce($9::timestamptz, statement_timestamp()))`,
};

/** Every statement above, for the test that checks each names the event. */
export const scanStatements = { readTicket, recordScan, lockTicket, logLookupFailure } as const;
