CREATE TABLE "rate_counters" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_counters_bucket_key_window_start_pk" PRIMARY KEY("bucket","key","window_start")
);
--> statement-breakpoint
DROP INDEX "scan_log_scan_id_unique";--> statement-breakpoint
ALTER TABLE "consumos" ADD COLUMN "barra" text;--> statement-breakpoint
ALTER TABLE "scan_log" ADD COLUMN "consumo_id" integer;--> statement-breakpoint
ALTER TABLE "scan_log" ADD COLUMN "accion" text DEFAULT 'consumo' NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_log" ADD COLUMN "barra" text;--> statement-breakpoint
ALTER TABLE "scan_log" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "scan_log" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_counters_window_idx" ON "rate_counters" USING btree ("window_start");--> statement-breakpoint
ALTER TABLE "scan_log" ADD CONSTRAINT "scan_log_consumo_id_consumos_id_fk" FOREIGN KEY ("consumo_id") REFERENCES "public"."consumos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scan_log_evento_scan_id_unique" ON "scan_log" USING btree ("evento_id","scan_id");--> statement-breakpoint
CREATE INDEX "scan_log_consumo_idx" ON "scan_log" USING btree ("consumo_id");