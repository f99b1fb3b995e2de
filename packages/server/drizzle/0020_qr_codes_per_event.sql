-- QR codes unique per event (docs/decisions/069): a shop's code (an Eventbrite barcode, a pretix
-- secret) opens door and bar, and two events may import the same one. Each ticket carries its
-- order's event, kept equal by a composite key to pedidos (id, evento_id) that still cascades.
ALTER TABLE "tickets" ADD COLUMN "evento_id" integer;--> statement-breakpoint
UPDATE "tickets" SET "evento_id" = "pedidos"."evento_id" FROM "pedidos" WHERE "pedidos"."id" = "tickets"."pedido_id";--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "evento_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_id_evento_unique" UNIQUE("id","evento_id");--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_pedido_id_pedidos_id_fk";--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_pedido_evento_fk" FOREIGN KEY ("pedido_id","evento_id") REFERENCES "public"."pedidos"("id","evento_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_evento_qr_code_unique" ON "tickets" USING btree ("evento_id","qr_code");--> statement-breakpoint
DROP INDEX "tickets_qr_code_unique";
