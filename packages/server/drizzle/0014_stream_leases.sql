-- Live-statistics stream leases (docs/decisions/051): one row per open stream on any server process,
-- so the limit of streams per account holds across processes; a crashed process's rows expire.
CREATE TABLE "stream_leases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stream_leases" ADD CONSTRAINT "stream_leases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stream_leases_user_expires_idx" ON "stream_leases" USING btree ("user_id","expires_at");