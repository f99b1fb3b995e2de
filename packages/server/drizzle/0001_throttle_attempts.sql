CREATE TABLE "throttle_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
CREATE INDEX "throttle_attempts_bucket_key_idx" ON "throttle_attempts" USING btree ("bucket","key","created_at");