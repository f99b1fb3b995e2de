CREATE TABLE "dispositivos" (
	"id" serial PRIMARY KEY NOT NULL,
	"evento_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"nombre" text NOT NULL,
	"barra" text,
	"usuario_id" integer,
	"token_hash" text,
	"device_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_contacto" timestamp with time zone,
	"revocado_en" timestamp with time zone,
	"pendientes" integer,
	"datos_offline_de" timestamp with time zone,
	CONSTRAINT "dispositivos_tipo_check" CHECK ("dispositivos"."tipo" in ('autorizado', 'enlace'))
);
--> statement-breakpoint
CREATE TABLE "emparejamientos" (
	"codigo" text PRIMARY KEY NOT NULL,
	"evento_id" integer NOT NULL,
	"creado_por" integer,
	"caduca_en" timestamp with time zone NOT NULL,
	"usado_en" timestamp with time zone,
	"dispositivo_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evento_miembros" (
	"id" serial PRIMARY KEY NOT NULL,
	"evento_id" integer NOT NULL,
	"email" text NOT NULL,
	"rol" text NOT NULL,
	"usuario_id" integer,
	"invitacion_hash" text,
	"invitacion_caduca_en" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evento_miembros_rol_check" CHECK ("evento_miembros"."rol" in ('barra', 'supervisor', 'coorganizador'))
);
--> statement-breakpoint
ALTER TABLE "consumos" ADD COLUMN "dispositivo_id" integer;--> statement-breakpoint
ALTER TABLE "consumos" ADD COLUMN "usuario_id" integer;--> statement-breakpoint
ALTER TABLE "eventos" ADD COLUMN "solo_dispositivos_autorizados" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_log" ADD COLUMN "dispositivo_id" integer;--> statement-breakpoint
ALTER TABLE "scan_log" ADD COLUMN "usuario_id" integer;--> statement-breakpoint
ALTER TABLE "dispositivos" ADD CONSTRAINT "dispositivos_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispositivos" ADD CONSTRAINT "dispositivos_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emparejamientos" ADD CONSTRAINT "emparejamientos_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emparejamientos" ADD CONSTRAINT "emparejamientos_creado_por_users_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emparejamientos" ADD CONSTRAINT "emparejamientos_dispositivo_id_dispositivos_id_fk" FOREIGN KEY ("dispositivo_id") REFERENCES "public"."dispositivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_miembros" ADD CONSTRAINT "evento_miembros_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_miembros" ADD CONSTRAINT "evento_miembros_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dispositivos_token_hash_unique" ON "dispositivos" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "dispositivos_evento_device_unique" ON "dispositivos" USING btree ("evento_id","device_id") WHERE "dispositivos"."device_id" is not null;--> statement-breakpoint
CREATE INDEX "dispositivos_evento_idx" ON "dispositivos" USING btree ("evento_id","created_at");--> statement-breakpoint
CREATE INDEX "dispositivos_usuario_idx" ON "dispositivos" USING btree ("usuario_id","evento_id");--> statement-breakpoint
CREATE INDEX "emparejamientos_evento_idx" ON "emparejamientos" USING btree ("evento_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "evento_miembros_evento_email_unique" ON "evento_miembros" USING btree ("evento_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "evento_miembros_invitacion_unique" ON "evento_miembros" USING btree ("invitacion_hash");--> statement-breakpoint
CREATE INDEX "evento_miembros_usuario_idx" ON "evento_miembros" USING btree ("usuario_id","evento_id");