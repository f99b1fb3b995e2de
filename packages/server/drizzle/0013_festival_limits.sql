-- Festival limits (docs/rules/festivals.md, docs/decisions/045): event bars and daily cut-off, per-type daily
-- limit and allowed bars, top-ups (recargas; tickets.recargas_bebidas is their sum, kept by the
-- top-ups service in the same transaction), and the two new refusal reasons in the conflict checks.
CREATE TABLE "recargas" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"evento_id" integer NOT NULL,
	"bebidas" integer NOT NULL,
	"importe" numeric(10, 2),
	"metodo" text,
	"nota" text,
	"creado_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recargas_bebidas_check" CHECK ("recargas"."bebidas" between 1 and 50),
	CONSTRAINT "recargas_importe_check" CHECK ("recargas"."importe" is null or "recargas"."importe" >= 0),
	CONSTRAINT "recargas_metodo_check" CHECK ("recargas"."metodo" is null or "recargas"."metodo" in ('efectivo', 'tarjeta', 'invitacion'))
);
--> statement-breakpoint
ALTER TABLE "consumos" DROP CONSTRAINT "consumos_conflicto_check";--> statement-breakpoint
ALTER TABLE "scan_log" DROP CONSTRAINT "scan_log_conflicto_check";--> statement-breakpoint
ALTER TABLE "eventos" ADD COLUMN "barras" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "eventos" ADD COLUMN "corte_diario" text DEFAULT '06:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "recargas_bebidas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tipos_ticket" ADD COLUMN "max_drinks_per_day" integer;--> statement-breakpoint
ALTER TABLE "tipos_ticket" ADD COLUMN "barras_permitidas" text[];--> statement-breakpoint
ALTER TABLE "recargas" ADD CONSTRAINT "recargas_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recargas" ADD CONSTRAINT "recargas_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recargas" ADD CONSTRAINT "recargas_creado_por_users_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recargas_ticket_idx" ON "recargas" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "recargas_evento_time_idx" ON "recargas" USING btree ("evento_id","created_at");--> statement-breakpoint
ALTER TABLE "consumos" ADD CONSTRAINT "consumos_conflicto_check" CHECK ("consumos"."conflicto" is null or "consumos"."conflicto" in ('invalidado', 'no_valido_aun', 'caducado', 'barra_no_permitida', 'tipo_bebida', 'agotado', 'limite_diario', 'intervalo'));--> statement-breakpoint
ALTER TABLE "scan_log" ADD CONSTRAINT "scan_log_conflicto_check" CHECK ("scan_log"."conflicto" is null or "scan_log"."conflicto" in ('invalidado', 'no_valido_aun', 'caducado', 'barra_no_permitida', 'tipo_bebida', 'agotado', 'limite_diario', 'intervalo'));--> statement-breakpoint
ALTER TABLE "tipos_ticket" ADD CONSTRAINT "tipos_ticket_max_drinks_per_day_check" CHECK ("tipos_ticket"."max_drinks_per_day" is null or "tipos_ticket"."max_drinks_per_day" between 1 and 50);