CREATE TABLE "bar_last_scans" (
	"evento_id" integer NOT NULL,
	"barra" text NOT NULL,
	"franja" integer NOT NULL,
	"last_scan_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bar_last_scans_evento_id_barra_franja_pk" PRIMARY KEY("evento_id","barra","franja")
);
--> statement-breakpoint
ALTER TABLE "alertas" DROP CONSTRAINT "alertas_tipo_check";--> statement-breakpoint
ALTER TABLE "alerta_reglas" ADD COLUMN "deshechos_por_barra" integer;--> statement-breakpoint
ALTER TABLE "bar_last_scans" ADD CONSTRAINT "bar_last_scans_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_log_undo_idx" ON "scan_log" USING btree ("evento_id","barra","created_at") WHERE "scan_log"."accion" = 'deshacer';--> statement-breakpoint
ALTER TABLE "alertas" ADD CONSTRAINT "alertas_tipo_check" CHECK ("alertas"."tipo" in ('qr_compartido', 'consumo_alto', 'barra_inactiva', 'deshechos_frecuentes'));--> statement-breakpoint
CREATE FUNCTION "scan_log_bar_last"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each bar's last scan (or undo) of the event, for the "bar inactive" alert. `franja` spreads one
  -- bar's concurrent scans over 8 rows, so they do not queue on one row lock until each commits.
  INSERT INTO "bar_last_scans" AS b ("evento_id", "barra", "franja", "last_scan_at")
  VALUES (NEW."evento_id", NEW."barra", NEW."id" % 8, NEW."created_at")
  ON CONFLICT ("evento_id", "barra", "franja")
  DO UPDATE SET "last_scan_at" = greatest(b."last_scan_at", EXCLUDED."last_scan_at");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "scan_log_bar_last" AFTER INSERT ON "scan_log"
  FOR EACH ROW WHEN (NEW."barra" IS NOT NULL) EXECUTE FUNCTION "scan_log_bar_last"();
--> statement-breakpoint
INSERT INTO "bar_last_scans" ("evento_id", "barra", "franja", "last_scan_at")
SELECT "evento_id", "barra", 0, max("created_at") FROM "scan_log" WHERE "barra" IS NOT NULL GROUP BY 1, 2;
