ALTER TABLE "api_keys" ALTER COLUMN "ciphertext" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "primary" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "hint" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "policy" jsonb;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "last_used_from" text;