-- pg_trgm ships with PostgreSQL's contrib and with PGlite (loaded by the client factory).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "scan_log" DROP CONSTRAINT "scan_log_ticket_id_tickets_id_fk";
--> statement-breakpoint
ALTER TABLE "scan_log" ADD CONSTRAINT "scan_log_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pedidos_search_trgm_idx" ON "pedidos" USING gin ((lower("nombre_completo" || ' ' || "email" || ' ' || coalesce("telefono", ''))) gin_trgm_ops);