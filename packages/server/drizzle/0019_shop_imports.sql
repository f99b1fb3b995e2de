CREATE TABLE "importacion_mapeos" (
	"evento_id" integer PRIMARY KEY NOT NULL,
	"columnas" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tipos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "id_externo" text;--> statement-breakpoint
ALTER TABLE "importacion_mapeos" ADD CONSTRAINT "importacion_mapeos_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_evento_id_externo_unique" ON "pedidos" USING btree ("evento_id","id_externo") WHERE "pedidos"."id_externo" is not null;