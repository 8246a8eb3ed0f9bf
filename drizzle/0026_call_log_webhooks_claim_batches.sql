CREATE TABLE "claim_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"credits" integer NOT NULL,
	"template_ids" jsonb NOT NULL,
	"count" integer NOT NULL,
	"product_copy" text NOT NULL,
	"reply_text" text NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "call_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"account_id" uuid,
	"via" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"model" text,
	"family" text,
	"credits" integer DEFAULT 0 NOT NULL,
	"credits_refunded" integer DEFAULT 0 NOT NULL,
	"tokens_in" integer,
	"tokens_out" integer,
	"latency_ms" integer,
	"request_id" text,
	"ref" text NOT NULL,
	"error_code" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "callback_deliveries" ALTER COLUMN "job_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD COLUMN "tenant_id" uuid;--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD COLUMN "event_id" text;--> statement-breakpoint
ALTER TABLE "claim_codes" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "claim_batches" ADD CONSTRAINT "claim_batches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_log" ADD CONSTRAINT "call_log_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_log" ADD CONSTRAINT "call_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_batches_tenant_created_idx" ON "claim_batches" USING btree ("tenant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "claim_batches_tenant_idempotency_idx" ON "claim_batches" USING btree ("tenant_id","idempotency_key") WHERE "claim_batches"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "call_log_tenant_created_idx" ON "call_log" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "call_log_account_created_idx" ON "call_log" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "call_log_created_idx" ON "call_log" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_codes" ADD CONSTRAINT "claim_codes_batch_id_claim_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."claim_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callback_deliveries_tenant_idx" ON "callback_deliveries" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "claim_codes_batch_idx" ON "claim_codes" USING btree ("batch_id");