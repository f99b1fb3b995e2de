-- The email queue (issue 20, docs/rules/guests.md, docs/decisions/042): one row per request to email an order.
CREATE TABLE "envios_email" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"proximo_intento_en" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_en" timestamp with time zone,
	"ultimo_error" text,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "envios_email_estado_check" CHECK ("envios_email"."estado" in ('pendiente', 'enviando', 'enviado', 'fallido'))
);
--> statement-breakpoint
ALTER TABLE "envios_email" ADD CONSTRAINT "envios_email_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "envios_email_abierto_unique" ON "envios_email" USING btree ("pedido_id") WHERE "envios_email"."estado" in ('pendiente', 'enviando');--> statement-breakpoint
CREATE INDEX "envios_email_pedido_idx" ON "envios_email" USING btree ("pedido_id","id");--> statement-breakpoint
CREATE INDEX "envios_email_due_idx" ON "envios_email" USING btree ("proximo_intento_en") WHERE "envios_email"."estado" in ('pendiente', 'enviando');