-- Offline uploads (docs/rules/offline-and-field.md, docs/decisions/036). A drink dated in the past needs no trigger
-- change: consumos_count (0006) counts it in its own quarter hour, and scan_log_bar_last (0008)
-- keeps greatest(last_scan_at, created_at), so a bar's last scan never goes back.
ALTER TABLE "consumos" ADD COLUMN "offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "consumos" ADD COLUMN "conflicto" text;--> statement-breakpoint
ALTER TABLE "scan_log" ADD COLUMN "offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_log" ADD COLUMN "conflicto" text;--> statement-breakpoint
CREATE INDEX "consumos_conflicto_idx" ON "consumos" USING btree ("evento_id","timestamp") WHERE "consumos"."conflicto" is not null;--> statement-breakpoint
ALTER TABLE "consumos" ADD CONSTRAINT "consumos_conflicto_check" CHECK ("consumos"."conflicto" is null or "consumos"."conflicto" in ('invalidado', 'no_valido_aun', 'caducado', 'tipo_bebida', 'agotado', 'intervalo'));--> statement-breakpoint
ALTER TABLE "scan_log" ADD CONSTRAINT "scan_log_conflicto_check" CHECK ("scan_log"."conflicto" is null or "scan_log"."conflicto" in ('invalidado', 'no_valido_aun', 'caducado', 'tipo_bebida', 'agotado', 'intervalo'));