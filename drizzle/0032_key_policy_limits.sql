CREATE TABLE "key_spend" (
	"key_id" uuid NOT NULL,
	"period" text NOT NULL,
	"spent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "key_spend_key_id_period_pk" PRIMARY KEY("key_id","period")
);
--> statement-breakpoint
CREATE TABLE "key_streams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "default_key_policy" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "key_id" uuid;--> statement-breakpoint
ALTER TABLE "key_spend" ADD CONSTRAINT "key_spend_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_streams" ADD CONSTRAINT "key_streams_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "key_streams_key_idx" ON "key_streams" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "jobs_key_pending_idx" ON "jobs" USING btree ("key_id") WHERE "jobs"."status" = 'pending' and "jobs"."key_id" is not null;