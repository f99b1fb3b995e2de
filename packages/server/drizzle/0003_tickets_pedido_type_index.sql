DROP INDEX "tickets_pedido_idx";--> statement-breakpoint
CREATE INDEX "tickets_pedido_type_idx" ON "tickets" USING btree ("pedido_id","ticket_type_id");