-- The scan path near the floor (docs/decisions/043). The counters (0006) and each bar's last scan
-- (0008) were spread over 8 rows by ticket or log id, so concurrent scans of one event still queued
-- on the same row locks until each committed. They now go to the row of the database connection
-- that writes them (pg_backend_pid() % 64): a connection runs one transaction at a time, so two
-- scans in flight almost never share a row. A drink taken back is counted as -1 in its connection's
-- row rather than found in the row that counted it; the statistics sum the rows of a quarter hour.
CREATE OR REPLACE FUNCTION "consumos_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An update is the old consumption taken away and the new one added. When the whole event is
  -- being deleted its counters and tickets go too: touching a ticket the same delete removes later
  -- would be an error ("already modified by an operation triggered by the current command").
  IF TG_OP IN ('DELETE', 'UPDATE') AND EXISTS (SELECT 1 FROM "eventos" WHERE "id" = OLD."evento_id") THEN
    INSERT INTO "consumo_counters" AS c ("evento_id", "bloque", "tipo_bebida", "barra", "franja", "consumos")
    VALUES (OLD."evento_id", date_bin('15 minutes', OLD."timestamp", timestamptz '2000-01-01 00:00:00+00'),
            OLD."tipo_bebida", coalesce(OLD."barra", ''), pg_backend_pid() % 64, -1)
    ON CONFLICT ("evento_id", "bloque", "tipo_bebida", "barra", "franja")
    DO UPDATE SET "consumos" = c."consumos" - 1;
    UPDATE "tickets" SET "consumos_usados" = "consumos_usados" - 1 WHERE "id" = OLD."ticket_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "consumo_counters" AS c ("evento_id", "bloque", "tipo_bebida", "barra", "franja", "consumos")
    VALUES (NEW."evento_id", date_bin('15 minutes', NEW."timestamp", timestamptz '2000-01-01 00:00:00+00'),
            NEW."tipo_bebida", coalesce(NEW."barra", ''), pg_backend_pid() % 64, 1)
    ON CONFLICT ("evento_id", "bloque", "tipo_bebida", "barra", "franja")
    DO UPDATE SET "consumos" = c."consumos" + 1;
    UPDATE "tickets" SET "consumos_usados" = "consumos_usados" + 1 WHERE "id" = NEW."ticket_id";
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
  VALUES (NEW."evento_id", NEW."barra", pg_backend_pid() % 64, NEW."created_at")
  ON CONFLICT ("evento_id", "barra", "franja")
  DO UPDATE SET "last_scan_at" = greatest(b."last_scan_at", EXCLUDED."last_scan_at");
  RETURN NULL;
END
$$;
