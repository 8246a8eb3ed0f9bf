CREATE TABLE "claim_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"tenant_id" uuid NOT NULL,
	"credits" integer NOT NULL,
	"template_ids" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"tutorial_pdf_url" text,
	"tutorial_pdf_title" text,
	"product_copy" text NOT NULL,
	"reply_text" text NOT NULL,
	"product_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"redeemed_tenant_id" uuid,
	"redeemed_email" text,
	"redeemed_nickname" text,
	"redeemed_at" timestamp with time zone,
	"redeem_key" text,
	"redeem_answer_ciphertext" text,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "template_grants" (
	"tenant_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"claim_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_grants_tenant_id_template_id_pk" PRIMARY KEY("tenant_id","template_id")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "kind" text DEFAULT 'organization' NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_codes" ADD CONSTRAINT "claim_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_codes" ADD CONSTRAINT "claim_codes_redeemed_tenant_id_tenants_id_fk" FOREIGN KEY ("redeemed_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_grants" ADD CONSTRAINT "template_grants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_grants" ADD CONSTRAINT "template_grants_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_grants" ADD CONSTRAINT "template_grants_claim_id_claim_codes_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claim_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_codes_tenant_created_idx" ON "claim_codes" USING btree ("tenant_id","created_at" DESC NULLS LAST);