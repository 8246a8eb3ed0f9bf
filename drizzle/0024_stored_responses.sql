CREATE TABLE "stored_responses" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"account_id" uuid,
	"context" jsonb NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_responses" ADD CONSTRAINT "stored_responses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_responses" ADD CONSTRAINT "stored_responses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_responses_tenant_created_idx" ON "stored_responses" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "stored_responses_account_idx" ON "stored_responses" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "stored_responses_created_idx" ON "stored_responses" USING btree ("created_at");