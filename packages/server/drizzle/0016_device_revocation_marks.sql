ALTER TABLE "consumos" ADD COLUMN "tras_revocacion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_log" ADD COLUMN "tras_revocacion" boolean DEFAULT false NOT NULL;