-- One bar scan as POST /api/scanner/{apiKey}/consume runs it (packages/server/src/modules/scanner),
-- statement for statement, for pgbench: the event of the key with the client's rate counter (one
-- statement, outside the transaction; counting off, as the benchmark runs the server with
-- SCANNER_RATE_LIMIT=0), then in one transaction the ticket locked with its order and type, the
-- ticket's earlier drinks and the scanId look-up (one statement after the lock), and the new drink,
-- the scan log row and the live-statistics notice (one statement). bench/scanner.mjs runs it with
--   pgbench -n -M extended -c 32 -j 2 -T 20 -f bench/scanner-pgbench.sql \
--     -D api_key=… -D first_ticket=… -D last_ticket=… postgres://…
-- (-M extended: unnamed statements with parameters, as node-postgres sends them).
-- Differences from the server: the ticket is picked by id (the bench's tickets have consecutive
-- ids) rather than by its QR code, through an index of the same kind; the lock query also returns
-- the QR code, which the server already has from the request; the timestamps are now() instead of
-- a parameter. (No "name":value without a space in the JSON: pgbench would read :value as a
-- variable, even inside quotes.)
\set ticket random(:first_ticket, :last_ticket)
\set scan random(1, 9000000000000000000)
with e as (
  select id, nombre, ubicacion, fecha_inicio, fecha_fin from eventos where api_key = :api_key
), hit as (
  insert into rate_counters (bucket, key, window_start, hits)
  select 'scanner', e.id::text || ':' || '127.0.0.1', date_trunc('minute', now()), 1 from e where false
  on conflict (bucket, key, window_start) do update set hits = rate_counters.hits + 1
  returning hits
)
select e.id as evento_id, (select hits from hit) as hits from e \gset
begin;
select t.id, t.qr_code, t.estado, t.created_at, p.evento_id as ticket_evento_id, p.nombre_completo,
       tt.id as tipo_id, tt.evento_id as tipo_evento_id, tt.nombre, tt.modo, tt.max_drinks,
       tt.drink_interval_minutes, tt.duration_minutes, tt.drink_type, tt.valido_desde,
       tt.valido_hasta, tt.created_at as tipo_created_at, tt.updated_at as tipo_updated_at
  from tickets t
  join pedidos p on p.id = t.pedido_id
  join tipos_ticket tt on tt.id = t.ticket_type_id
  where t.id = :ticket
  limit 1
  for update of t \gset
select (select array_agg((extract(epoch from c.timestamp) * 1000)::float8)
          from consumos c where c.ticket_id = :id) as times,
       (select json_build_object('qr', s.qr_code, 'response', s.response)
          from scan_log s where s.evento_id = :evento_id and s.scan_id = :scan) as earlier;
with consumo as (
  insert into consumos (ticket_id, evento_id, tipo_bebida, timestamp, barra)
  select :id, :evento_id, 'copa', now(), 'Barra 1'
  where true
  returning id
), logged as (
  insert into scan_log (evento_id, ticket_id, consumo_id, qr_code, scan_id, tipo_bebida, barra,
                        device_id, allowed, reason, response, created_at)
  select :evento_id, :id, (select id from consumo), :qr_code, :scan, 'copa', 'Barra 1',
         'pgbench', true, 'ok',
         '{"success": true, "canConsume": true, "message": "Consumo registrado", "reason": "ok", "tipoBebida": "copa", "remainingDrinks": 41, "scanId": "pgbench"}'::jsonb,
         now()
  returning id
)
select pg_notify('drinkflow_scans', :evento_id::text) from logged;
commit;
