CREATE TABLE "consumos" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"evento_id" integer NOT NULL,
	"tipo_bebida" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"event_type" text,
	"guest_count" integer,
	"event_date" date,
	"message" text,
	"accept_terms" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eventos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"ubicacion" text NOT NULL,
	"fecha_inicio" timestamp with time zone NOT NULL,
	"fecha_fin" timestamp with time zone NOT NULL,
	"organizador_id" integer NOT NULL,
	"notas" text,
	"es_privado" boolean DEFAULT false NOT NULL,
	"api_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eventos_fechas_check" CHECK ("eventos"."fecha_fin" > "eventos"."fecha_inicio")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedidos" (
	"id" serial PRIMARY KEY NOT NULL,
	"evento_id" integer NOT NULL,
	"nombre_completo" text NOT NULL,
	"email" text NOT NULL,
	"telefono" text,
	"creado_por" text DEFAULT 'organizador' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"evento_id" integer NOT NULL,
	"ticket_id" integer,
	"qr_code" text NOT NULL,
	"scan_id" text,
	"tipo_bebida" text,
	"allowed" boolean NOT NULL,
	"reason" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"ticket_type_id" integer NOT NULL,
	"estado" text DEFAULT 'activo' NOT NULL,
	"qr_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_estado_check" CHECK ("tickets"."estado" in ('activo', 'invalidado'))
);
--> statement-breakpoint
CREATE TABLE "tipos_ticket" (
	"id" serial PRIMARY KEY NOT NULL,
	"evento_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"modo" text NOT NULL,
	"max_drinks" integer,
	"drink_interval_minutes" integer,
	"duration_minutes" integer,
	"drink_type" text NOT NULL,
	"valido_desde" timestamp with time zone NOT NULL,
	"valido_hasta" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tipos_ticket_modo_check" CHECK ("tipos_ticket"."modo" in ('por_cantidad', 'temporal', 'intervalos_controlados')),
	CONSTRAINT "tipos_ticket_validez_check" CHECK ("tipos_ticket"."valido_hasta" > "tipos_ticket"."valido_desde")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"nombre" text NOT NULL,
	"apellido" text,
	"rol" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_rol_check" CHECK ("users"."rol" in ('admin', 'organizer', 'scanner'))
);
--> statement-breakpoint
ALTER TABLE "consumos" ADD CONSTRAINT "consumos_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumos" ADD CONSTRAINT "consumos_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos" ADD CONSTRAINT "eventos_organizador_id_users_id_fk" FOREIGN KEY ("organizador_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_log" ADD CONSTRAINT "scan_log_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_log" ADD CONSTRAINT "scan_log_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_ticket_type_id_tipos_ticket_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."tipos_ticket"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipos_ticket" ADD CONSTRAINT "tipos_ticket_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consumos_ticket_time_idx" ON "consumos" USING btree ("ticket_id","timestamp");--> statement-breakpoint
CREATE INDEX "consumos_evento_time_idx" ON "consumos" USING btree ("evento_id","timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "eventos_api_key_unique" ON "eventos" USING btree ("api_key");--> statement-breakpoint
CREATE INDEX "eventos_organizador_idx" ON "eventos" USING btree ("organizador_id","fecha_inicio");--> statement-breakpoint
CREATE INDEX "login_failures_email_idx" ON "login_failures" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "pedidos_evento_created_idx" ON "pedidos" USING btree ("evento_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_log_scan_id_unique" ON "scan_log" USING btree ("scan_id");--> statement-breakpoint
CREATE INDEX "scan_log_evento_time_idx" ON "scan_log" USING btree ("evento_id","created_at");--> statement-breakpoint
CREATE INDEX "scan_log_ticket_idx" ON "scan_log" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_qr_code_unique" ON "tickets" USING btree ("qr_code");--> statement-breakpoint
CREATE INDEX "tickets_pedido_idx" ON "tickets" USING btree ("pedido_id");--> statement-breakpoint
CREATE INDEX "tickets_ticket_type_idx" ON "tickets" USING btree ("ticket_type_id");--> statement-breakpoint
CREATE INDEX "tipos_ticket_evento_idx" ON "tipos_ticket" USING btree ("evento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));