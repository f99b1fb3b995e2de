import { sql } from 'drizzle-orm';
import type { HotStatement } from '../../db/hot-statements';
import { deviceIdOf, deviceJson } from './admission/request-device';

/**
 * The statements a bar's scan runs (docs/decisions/043). Each one names the event — `evento_id` is
 * a parameter — so the scan log, the drinks and the tickets could be distributed by event (Citus)
 * without a statement crossing shards; test/scanner/hot-statements.test.ts lists and checks them.
 * Times travel as epoch milliseconds (float8), which both drivers read as numbers.
 */

const MS = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/** The database's time of the statement that reads it, in milliseconds (a drink's time), for a drizzle query. */
export const DB_NOW_MS = sql.raw(MS('statement_timestamp()'));

/**
 * The body of a `hit` CTE: one more request counted in each rate window of the event `e` (a CTE of
 * the same statement), `windows` a JSON parameter [{bucket, key}] and `windowStart` the window's
 * start; returns each window's `bucket` and `hits` (this request included).
 */
export const countWindows = (windows: string, windowStart: string) => `
      insert into rate_counters (bucket, key, window_start, hits)
      select w.bucket, e.id::text || ':' || w.key, ${windowStart}::timestamptz, 1
        from e cross join jsonb_to_recordset(${windows}::jsonb) as w(bucket text, key text)
      on conflict (bucket, key, window_start) do update set hits = rate_counters.hits + 1
      returning bucket, hits`;

/**
 * `e`, the event of the API key $1, `hit`, this request counted in each of its rate windows ($3,
 * [{bucket, key}] as JSON, of the window starting at $2), and `d`, the request's device in that
 * event (`tokenHash`, `linkId`: the parameters naming it, admission/request-device.ts): how every
 * scanner request opens (admission/event-of-key.ts), a consume's with its ticket (ticket-read.ts).
 */
export const keyEventAndHits = (device: { tokenHash: string; linkId: string }) => `
    with e as (
      select id, nombre, ubicacion, fecha_inicio, fecha_fin, corte_diario, barras, solo_dispositivos_autorizados,
             xmin::text as version
        from eventos where api_key = $1
    ), hit as (${countWindows('$3', '$2')}
    ), d as (
      select d.id, ${deviceJson('d')} as device from dispositivos d
       where d.id = (${deviceIdOf('(select id from e)', device.tokenHash, device.linkId)})
    )`;

/** A ticket of the event by its QR code, as the scanner answers it. */
export interface TicketReadRow {
  id: number;
  estado: 'activo' | 'invalidado';
  created_ms: number;
  /** The row's version (`xmin`): every drink added or removed updates the ticket (trigger 0006). */
  version: string;
  /** The versions of its order (the holder) and its type (the limits), for a scan decided from memory. */
  pedido_version: string;
  tipo_version: string;
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
  /** Drinks its top-ups added (docs/rules/festivals.md). */
  recargas_bebidas: number;
  /** Its top-ups 'Usables también hoy' (a per-day type's only; docs/decisions/063), null without any. */
  recargas_hoy: { ms: number; bebidas: number }[] | null;
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
 * statement that opens a consume (ticket-read.ts), which reads the key's event and the ticket at once.
 */
export function ticketSelect(inputs: { qrCode: string; eventoId: string; scanId: string }): string {
  const { qrCode, eventoId, scanId } = inputs;
  return `
    select t.id, t.estado, ${MS('t.created_at')} as created_ms, t.xmin::text as version,
           p.xmin::text as pedido_version, tt.xmin::text as tipo_version, p.nombre_completo as titular,
           tt.nombre as tipo_nombre, tt.modo, tt.max_drinks, tt.drink_interval_minutes, tt.duration_minutes,
           tt.drink_type, ${MS('tt.valido_desde')} as desde_ms, ${MS('tt.valido_hasta')} as hasta_ms,
           tt.max_drinks_per_day, tt.barras_permitidas, t.recargas_bebidas,
           (select json_agg(json_build_object('id', c.id, 'tipoBebida', c.tipo_bebida,
                                              'ms', ${MS('c.timestamp')}, 'barra', c.barra)
                            order by c.timestamp, c.id)
              from consumos c where c.ticket_id = t.id) as history,
           case when tt.max_drinks_per_day is not null then
             (select json_agg(json_build_object('ms', ${MS('r.created_at')}, 'bebidas', r.bebidas))
                from recargas r where r.ticket_id = t.id and r.evento_id = ${eventoId} and r.para_hoy)
           end as recargas_hoy,
           (select json_build_object('qr', s.qr_code, 'response', s.response, 'undone', s.undone_at is not null)
              from scan_log s where s.evento_id = ${eventoId} and s.scan_id = ${scanId}) as earlier,
           ${MS('statement_timestamp()')} as now_ms
      from tickets t
      join pedidos p on p.id = t.pedido_id
      join tipos_ticket tt on tt.id = t.ticket_type_id
     where t.evento_id = ${eventoId} and t.qr_code = ${qrCode}
     limit 1`;
}

/**
 * Writes the drink (when `$9` served) and the log row for the tickets `locked` holds: $1–$14 below;
 * both carry the device `dev` (a CTE of the statement, the row it locked, or none) and its person,
 * and whether it was already revoked (an offline drink scanned before, docs/decisions/062).
 */
const recordLocked = `
    consumo as (
      insert into consumos (ticket_id, evento_id, tipo_bebida, timestamp, barra, offline, conflicto,
                            dispositivo_id, usuario_id, tras_revocacion)
      select id, $3, $4, $5::timestamptz, $6, $7, $8, (select id from dev), (select usuario_id from dev),
             coalesce((select revocado_en is not null from dev), false)
        from locked where $9::boolean
      returning id
    ), logged as (
      insert into scan_log (evento_id, ticket_id, consumo_id, qr_code, scan_id, tipo_bebida, barra, device_id,
                            allowed, reason, response, offline, conflicto, dispositivo_id, usuario_id,
                            tras_revocacion, created_at)
      select $3, id, (select id from consumo), $10, $11, $4, $6, $12, $9, $13, $14::jsonb, $7, $8,
             (select id from dev), (select usuario_id from dev),
             coalesce((select revocado_en is not null from dev), false), $5::timestamptz
        from locked
      returning consumo_id
    )`;

/**
 * What a record answers: whether the ticket was still as read (`locked` 1), the drink's id, and the
 * ticket's version after it — a drink updates the ticket row in this transaction (trigger 0006), so
 * its new `xmin` is this transaction's id; without a drink the version is unchanged (null here).
 */
const recordAnswer = `(select count(*) from locked)::int as locked, (select consumo_id from logged) as consumo_id,
           case when exists (select 1 from consumo) then pg_current_xact_id_if_assigned()::xid::text end as version`;

/**
 * $1 ticket, $2 the version read, $3 event, $4 drink, $5 time, $6 bar, $7 offline, $8 conflict,
 * $9 served, $10 QR code, $11 scanId, $12 device id as named, $13 log reason, $14 the answer (JSON),
 * $15 the device row (or null: none), $16 an offline drink's scan time (or null).
 *
 * Records the scan only if the ticket is still at the version read: the row lock and the check are
 * one step (a lock that waited re-reads the newest row, and a changed `xmin` drops it), so a drink
 * committed in between makes this record nothing (`locked` = 0) and the scan is decided again. One
 * statement, committed on its own: no BEGIN/COMMIT round trips, and the lock is held only while the
 * two rows are written. The device row is taken `for key share` first, only while unrevoked (or
 * revoked after the offline drink's scan time): a revocation that commits first leaves `device` 0
 * and nothing written; one that comes later waits for this statement (docs/decisions/062).
 */
export const recordScan: HotStatement = {
  name: 'drinkflow_scan_record',
  text: `
    with dev as (
      select id, usuario_id, revocado_en from dispositivos
       where id = $15::int and evento_id = $3 and (revocado_en is null or revocado_en > $16::timestamptz)
         for key share
    ), locked as (
      select t.id from tickets t
       where t.id = $1 and t.xmin = $2::xid and ($15::int is null or exists (select 1 from dev))
         for update
    ), ${recordLocked}
    select ${recordAnswer}, (select count(*) from dev)::int as device`,
};

/**
 * `recordScan` for a scan decided from this process's last read of the ticket (known-scans.ts,
 * docs/decisions/048), the scan's only round trip. $1–$14 as `recordScan`; $15 the event's
 * version (a replaced API key changes it too), $16 the order's, $17 the type's; $18 the rate windows
 * ([{bucket, key, max}] as JSON), $19 their window's start; $20 the device token's hash, $21 the
 * link device id (admission/request-device.ts).
 *
 * Counts the request in its rate windows (as the key lookup does), then records only if the event,
 * the order, the type and the ticket are all still at the versions read, no window is over its
 * limit, and the device (taken `for key share`, as `recordScan`) is not revoked — or, with a token,
 * exists. `evento` 0: the event changed (nothing counted); `locked` 0 with `evento` 1: over a limit,
 * a device refused (`device`), or the ticket, its order or its type changed (counted).
 */
export const recordKnownScan: HotStatement = {
  name: 'drinkflow_scan_record_known',
  text: `
    with e as (
      select id from eventos where id = $3 and xmin = $15::xid
    ), hit as (${countWindows('$18', '$19')}
    ), over as (
      select 1 from hit join jsonb_to_recordset($18::jsonb) as w(bucket text, max int) using (bucket)
       where hit.hits > w.max
    ), dev as (
      select id, usuario_id, revocado_en from dispositivos
       where id = (${deviceIdOf('$3', '$20', '$21')}) for key share
    ), locked as (
      select t.id from tickets t
        join pedidos p on p.id = t.pedido_id
        join tipos_ticket tt on tt.id = t.ticket_type_id
       where t.id = $1 and t.xmin = $2::xid and p.evento_id = $3 and p.xmin = $16::xid and tt.xmin = $17::xid
         and exists (select 1 from e) and not exists (select 1 from over)
         and not exists (select 1 from dev where revocado_en is not null)
         and ($20::text is null or exists (select 1 from dev))
         for update of t
    ), ${recordLocked}
    select (select count(*) from e)::int as evento, (select json_object_agg(bucket, hits) from hit) as hits,
           (select ${deviceJson('dev')} from dev) as device, ${recordAnswer}`,
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
 * $1 event, $2 QR code, $3 drink, $4 bar, $5 device id as named, $6 reason, $7 answer (JSON),
 * $8 offline, $9 time (or null: now), $10 the device row, $11 its person, $12 the scanId (an offline
 * upload's, else null). A scan that found no ticket of the event, kept in the log (a refusal records
 * no drink: no device lock); an offline upload's once per scanId, however often it is sent again.
 */
export const logLookupFailure: HotStatement = {
  name: 'drinkflow_scan_log_failure',
  text: `
    insert into scan_log (evento_id, qr_code, tipo_bebida, barra, device_id, allowed, reason, response, offline,
                          created_at, dispositivo_id, usuario_id, scan_id)
    values ($1, $2, $3, $4, $5, false, $6, $7::jsonb, $8, coalesce($9::timestamptz, statement_timestamp()),
            $10, $11, $12)
    on conflict (evento_id, scan_id) do nothing`,
};

/** Every statement above, for the test that checks each names the event. */
export const scanStatements = {
  readTicket,
  recordScan,
  recordKnownScan,
  lockTicket,
  logLookupFailure,
} as const;
