CREATE TABLE "alerta_reglas" (
	"evento_id" integer PRIMARY KEY NOT NULL,
	"rechazos_por_ticket" integer,
	"consumos_por_hora" integer,
	"minutos_sin_escanear" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alertas" (
	"id" serial PRIMARY KEY NOT NULL,
	"evento_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"cantidad" integer NOT NULL,
	"umbral" integer NOT NULL,
	"ticket_id" integer,
	"titular" text,
	"barra" text,
	"disparada_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alertas_tipo_check" CHECK ("alertas"."tipo" in ('qr_compartido', 'consumo_alto', 'barra_inactiva'))
);
--> statement-breakpoint
ALTER TABLE "alerta_reglas" ADD CONSTRAINT "alerta_reglas_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas" ADD CONSTRAINT "alertas_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas" ADD CONSTRAINT "alertas_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alertas_evento_time_idx" ON "alertas" USING btree ("evento_id","disparada_en");