-- Guest links and WhatsApp sending (issue 20, docs/rules/guests.md).
ALTER TABLE "pedidos" ADD COLUMN "whatsapp_enviado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "guest_token" text;--> statement-breakpoint
-- Backfill: 18 bytes (two v4 UUIDs give 122 + 16 random bits), base64url without padding:
-- the same shape as randomBytes(18).toString('base64url') in tickets/issue.ts. Core functions
-- only (no pgcrypto), so it runs on PGlite and PostgreSQL alike.
UPDATE "tickets" SET "guest_token" = translate(
  encode(
    substring(
      decode(replace(gen_random_uuid()::text, '-', ''), 'hex')
        || decode(replace(gen_random_uuid()::text, '-', ''), 'hex')
      from 1 for 18
    ),
    'base64'
  ),
  '+/', '-_'
) WHERE "guest_token" IS NULL;--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "guest_token" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_guest_token_unique" ON "tickets" USING btree ("guest_token");
