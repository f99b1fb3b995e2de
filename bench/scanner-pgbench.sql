-- One bar scan of a ticket the server process has not read before, as POST
-- /api/scanner/{apiKey}/consume runs it (packages/server/src/modules/scanner: ticket-read.ts
-- `eventOfKeyWithTicket`, then scan-statements.ts `recordScan`), statement for statement, for
-- pgbench: the event of the key with the client's rate counter (counting off, as the benchmark runs
-- the server with SCANNER_RATE_LIMIT=0) and the ticket of that event with its holder, type, drinks,
-- the scanId look-up and its versions (one statement, no transaction), then the drink and the scan
-- log row recorded if the ticket is still at that version (one statement, committed on its own).
-- A ticket the process has read before takes one statement instead (docs/decisions/048).
-- bench/scanner.mjs runs
--   pgbench -n -M prepared -c 32 -j 2 -T 20 -f bench/scanner-pgbench.sql \
--     -D api_key=… -D first_ticket=… -D last_ticket=… postgres://…
-- (-M prepared: named statements, as the server prepares its scan statements).
-- Differences from the server: the ticket is picked by id (the bench's tickets have consecutive
-- ids) rather than by its QR code, through an index of the same kind; the timestamps are now()
-- instead of a parameter; the answer stored is a fixed JSON. (No "name":value without a space in
-- the JSON: pgbench would read :value as a variable, even inside quotes.)
\set ticket random(:first_ticket, :last_ticket)
\set scan random(1, 9000000000000000000)
with e as (
  select id, nombre, ubicacion, fecha_inicio, fecha_fin, corte_diario, barras, xmin::text as version
    from eventos where api_key = :api_key
), hit as (
  insert into rate_counters (bucket, key, window_start, hits)
  select 'scanner', e.id::text || ':' || '127.0.0.1', date_trunc('minute', now()), 1 from e where false
  on conflict (bucket, key, window_start) do update set hits = rate_counters.hits + 1
  returning bucket, hits
), ticket as (
  select t.id, t.qr_code, t.estado, (extract(epoch from t.created_at) * 1000)::float8 as created_ms,
         t.xmin::text as version, p.xmin::text as pedido_version, tt.xmin::text as tipo_version,
         p.nombre_completo as titular,
         tt.nombre as tipo_nombre, tt.modo, tt.max_drinks, tt.drink_interval_minutes, tt.duration_minutes,
         tt.drink_type, (extract(epoch from tt.valido_desde) * 1000)::float8 as desde_ms,
         (extract(epoch from tt.valido_hasta) * 1000)::float8 as hasta_ms,
         tt.max_drinks_per_day, tt.barras_permitidas, t.recargas_bebidas,
         (select json_agg(json_build_object('id', c.id, 'tipoBebida', c.tipo_bebida,
                                            'ms', (extract(epoch from c.timestamp) * 1000)::float8, 'barra', c.barra)
                          order by c.timestamp, c.id)
            from consumos c where c.ticket_id = t.id) as history,
         (select json_build_object('qr', s.qr_code, 'response', s.response, 'undone', s.undone_at is not null)
            from scan_log s where s.evento_id = (select id from e) and s.scan_id = :scan::text) as earlier,
         (extract(epoch from statement_timestamp()) * 1000)::float8 as now_ms
    from tickets t
    join pedidos p on p.id = t.pedido_id
    join tipos_ticket tt on tt.id = t.ticket_type_id
   where t.id = :ticket and t.evento_id = (select id from e)
   limit 1
)
select e.id as evento_id, (select json_object_agg(bucket, hits) from hit) as hits,
       (select row_to_json(ticket) from ticket) as ticket_read,
       (select id from ticket) as id, (select qr_code from ticket) as qr_code, (select version from ticket) as version
  from e \gset
with locked as (
  select t.id from tickets t where t.id = :id and t.xmin = :version::xid for update
), consumo as (
  insert into consumos (ticket_id, evento_id, tipo_bebida, timestamp, barra, offline, conflicto)
  select id, :evento_id, 'copa', now(), 'Barra 1', false, null from locked where true
  returning id
), logged as (
  insert into scan_log (evento_id, ticket_id, consumo_id, qr_code, scan_id, tipo_bebida, barra, device_id,
                        allowed, reason, response, offline, conflicto, created_at)
  select :evento_id, id, (select id from consumo), :qr_code, :scan::text, 'copa', 'Barra 1', 'pgbench',
         true, 'ok',
         '{"success": true, "canConsume": true, "message": "Consumo registrado", "reason": "ok", "tipoBebida": "copa", "remainingDrinks": 41, "scanId": "pgbench"}'::jsonb,
         false, null, now()
    from locked
  returning consumo_id
)
select (select count(*) from locked)::int as locked, (select consumo_id from logged) as consumo_id,
       case when exists (select 1 from consumo) then pg_current_xact_id_if_assigned()::xid::text end as version;
