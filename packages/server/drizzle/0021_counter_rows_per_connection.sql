-- Each connection its own counter rows (docs/decisions/070). The drinks' counters (0006, 0017) and
-- each bar's last scan (0008) go to the row of the connection that writes them (0010), which was
-- `pg_backend_pid() % 64`: with a pool of 32 connections per server process about 8 pairs of
-- connections shared a row, and one of each pair waited for the other's commit (the flush of the
-- WAL included) before it could count its drink: half a connection waiting on a row lock at any
-- moment of the benchmark. `% 1024` leaves about half a pair sharing (32 · 31 / 2 / 1024). The rows
-- of a quarter hour are still at most one per connection that wrote in it, and the statistics
-- and the alerts sum them as before.
CREATE OR REPLACE FUNCTION "consumos_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- An update that keeps the drink's event, device, person and minute (a bar renamed) leaves its
  -- device counter alone instead of taking 1 away and adding it back.
  "device_moved" boolean := TG_OP <> 'UPDATE'
    OR (OLD."evento_id", OLD."dispositivo_id", OLD."usuario_id", date_trunc('minute', OLD."timestamp"))
       IS DISTINCT FROM (NEW."evento_id", NEW."dispositivo_id", NEW."usuario_id", date_trunc('minute', NEW."timestamp"));
BEGIN
  -- An update is the old consumption taken away and the new one added. When the whole event is
  -- being deleted its counters and tickets go too: touching a ticket the same delete removes later
  -- would be an error ("already modified by an operation triggered by the current command").
  IF TG_OP IN ('DELETE', 'UPDATE') AND EXISTS (SELECT 1 FROM "eventos" WHERE "id" = OLD."evento_id") THEN
    INSERT INTO "consumo_counters" AS c ("evento_id", "bloque", "tipo_bebida", "barra", "franja", "consumos")
    VALUES (OLD."evento_id", date_bin('15 minutes', OLD."timestamp", timestamptz '2000-01-01 00:00:00+00'),
            OLD."tipo_bebida", coalesce(OLD."barra", ''), pg_backend_pid() % 1024, -1)
    ON CONFLICT ("evento_id", "bloque", "tipo_bebida", "barra", "franja")
    DO UPDATE SET "consumos" = c."consumos" - 1;
    UPDATE "tickets" SET "consumos_usados" = "consumos_usados" - 1 WHERE "id" = OLD."ticket_id";
    IF OLD."dispositivo_id" IS NOT NULL AND "device_moved" THEN
      INSERT INTO "consumo_dispositivo_counters" AS d ("evento_id", "dispositivo_id", "usuario_id", "minuto", "consumos")
      VALUES (OLD."evento_id", OLD."dispositivo_id", coalesce(OLD."usuario_id", 0),
              date_trunc('minute', OLD."timestamp"), -1)
      ON CONFLICT ("evento_id", "dispositivo_id", "usuario_id", "minuto")
      DO UPDATE SET "consumos" = d."consumos" - 1;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "consumo_counters" AS c ("evento_id", "bloque", "tipo_bebida", "barra", "franja", "consumos")
    VALUES (NEW."evento_id", date_bin('15 minutes', NEW."timestamp", timestamptz '2000-01-01 00:00:00+00'),
            NEW."tipo_bebida", coalesce(NEW."barra", ''), pg_backend_pid() % 1024, 1)
    ON CONFLICT ("evento_id", "bloque", "tipo_bebida", "barra", "franja")
    DO UPDATE SET "consumos" = c."consumos" + 1;
    UPDATE "tickets" SET "consumos_usados" = "consumos_usados" + 1 WHERE "id" = NEW."ticket_id";
    IF NEW."dispositivo_id" IS NOT NULL AND "device_moved" THEN
      INSERT INTO "consumo_dispositivo_counters" AS d ("evento_id", "dispositivo_id", "usuario_id", "minuto", "consumos")
      VALUES (NEW."evento_id", NEW."dispositivo_id", coalesce(NEW."usuario_id", 0),
              date_trunc('minute', NEW."timestamp"), 1)
      ON CONFLICT ("evento_id", "dispositivo_id", "usuario_id", "minuto")
      DO UPDATE SET "consumos" = d."consumos" + 1;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "scan_log_bar_last"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each bar's last scan (or undo) of the event, for the "bar inactive" alert, in the writing
  -- connection's row (see above).
  INSERT INTO "bar_last_scans" AS b ("evento_id", "barra", "franja", "last_scan_at")
  VALUES (NEW."evento_id", NEW."barra", pg_backend_pid() % 1024, NEW."created_at")
  ON CONFLICT ("evento_id", "barra", "franja")
  DO UPDATE SET "last_scan_at" = greatest(b."last_scan_at", EXCLUDED."last_scan_at");
  RETURN NULL;
END
$$;
