CREATE TABLE "consumo_dispositivo_counters" (
	"evento_id" integer NOT NULL,
	"dispositivo_id" integer NOT NULL,
	"usuario_id" integer DEFAULT 0 NOT NULL,
	"minuto" timestamp with time zone NOT NULL,
	"consumos" integer NOT NULL,
	CONSTRAINT "consumo_dispositivo_counters_evento_id_dispositivo_id_usuario_id_minuto_pk" PRIMARY KEY("evento_id","dispositivo_id","usuario_id","minuto")
);
--> statement-breakpoint
ALTER TABLE "consumo_dispositivo_counters" ADD CONSTRAINT "consumo_dispositivo_counters_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_log_refused_device_idx" ON "scan_log" USING btree ("evento_id","dispositivo_id","usuario_id") WHERE "scan_log"."accion" = 'consumo' and not "scan_log"."allowed" and "scan_log"."dispositivo_id" is not null;--> statement-breakpoint
-- Who served it, counted as drinks are recorded (docs/decisions/061): `consumos_count` (0006, 0010)
-- also keeps the drinks per event, device, person (0 = none) and minute. It stays one trigger, so
-- a consume is still one statement with one trigger call; drinks without a device (older than
-- devices) are not counted here. A device scans one drink at a time, so its row needs no franja.
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
            OLD."tipo_bebida", coalesce(OLD."barra", ''), pg_backend_pid() % 64, -1)
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
            NEW."tipo_bebida", coalesce(NEW."barra", ''), pg_backend_pid() % 64, 1)
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
DROP TRIGGER "consumos_count" ON "consumos";
--> statement-breakpoint
CREATE TRIGGER "consumos_count" AFTER INSERT OR DELETE
  OR UPDATE OF "ticket_id", "evento_id", "tipo_bebida", "timestamp", "barra", "dispositivo_id", "usuario_id"
  ON "consumos" FOR EACH ROW EXECUTE FUNCTION "consumos_count"();
--> statement-breakpoint
INSERT INTO "consumo_dispositivo_counters" ("evento_id", "dispositivo_id", "usuario_id", "minuto", "consumos")
SELECT "evento_id", "dispositivo_id", coalesce("usuario_id", 0), date_trunc('minute', "timestamp"), count(*)
FROM "consumos" WHERE "dispositivo_id" IS NOT NULL GROUP BY 1, 2, 3, 4;
