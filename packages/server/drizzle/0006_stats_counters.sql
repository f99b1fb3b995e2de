CREATE TABLE "consumo_counters" (
	"evento_id" integer NOT NULL,
	"bloque" timestamp with time zone NOT NULL,
	"tipo_bebida" text NOT NULL,
	"barra" text NOT NULL,
	"franja" integer NOT NULL,
	"consumos" integer NOT NULL,
	CONSTRAINT "consumo_counters_evento_id_bloque_tipo_bebida_barra_franja_pk" PRIMARY KEY("evento_id","bloque","tipo_bebida","barra","franja")
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "consumos_usados" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consumo_counters" ADD CONSTRAINT "consumo_counters_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_log_refused_idx" ON "scan_log" USING btree ("evento_id","reason","barra") WHERE "scan_log"."accion" = 'consumo' and not "scan_log"."allowed";--> statement-breakpoint
CREATE FUNCTION "consumos_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An update is the old consumption taken away and the new one added. When the whole event is
  -- being deleted its counters and tickets go too: touching a ticket the same delete removes later
  -- would be an error ("already modified by an operation triggered by the current command").
  IF TG_OP IN ('DELETE', 'UPDATE') AND EXISTS (SELECT 1 FROM "eventos" WHERE "id" = OLD."evento_id") THEN
    UPDATE "consumo_counters" SET "consumos" = "consumos" - 1
    WHERE "evento_id" = OLD."evento_id"
      AND "bloque" = date_bin('15 minutes', OLD."timestamp", timestamptz '2000-01-01 00:00:00+00')
      AND "tipo_bebida" = OLD."tipo_bebida" AND "barra" = coalesce(OLD."barra", '')
      AND "franja" = OLD."ticket_id" % 8;
    UPDATE "tickets" SET "consumos_usados" = "consumos_usados" - 1 WHERE "id" = OLD."ticket_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "consumo_counters" AS c ("evento_id", "bloque", "tipo_bebida", "barra", "franja", "consumos")
    VALUES (NEW."evento_id", date_bin('15 minutes', NEW."timestamp", timestamptz '2000-01-01 00:00:00+00'),
            NEW."tipo_bebida", coalesce(NEW."barra", ''), NEW."ticket_id" % 8, 1)
    ON CONFLICT ("evento_id", "bloque", "tipo_bebida", "barra", "franja")
    DO UPDATE SET "consumos" = c."consumos" + 1;
    UPDATE "tickets" SET "consumos_usados" = "consumos_usados" + 1 WHERE "id" = NEW."ticket_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "consumos_count" AFTER INSERT OR DELETE OR UPDATE OF "ticket_id", "evento_id", "tipo_bebida", "timestamp", "barra"
  ON "consumos" FOR EACH ROW EXECUTE FUNCTION "consumos_count"();
--> statement-breakpoint
INSERT INTO "consumo_counters" ("evento_id", "bloque", "tipo_bebida", "barra", "franja", "consumos")
SELECT "evento_id", date_bin('15 minutes', "timestamp", timestamptz '2000-01-01 00:00:00+00'),
       "tipo_bebida", coalesce("barra", ''), "ticket_id" % 8, count(*)
FROM "consumos" GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
UPDATE "tickets" t SET "consumos_usados" = c.n
FROM (SELECT "ticket_id", count(*)::int AS n FROM "consumos" GROUP BY 1) c
WHERE c."ticket_id" = t."id";
