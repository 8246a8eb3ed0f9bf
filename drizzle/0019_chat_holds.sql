-- Chat holds: credits a serving process sets aside in a wallet so it can admit chat requests without
-- a database round trip each. `held` is the part of a wallet's credits no other spend may take (the
-- sum of its rows in credit_holds); the balance and the ledger move only with a request's exact charge.
CREATE TABLE "credit_holds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"account_id" uuid,
	"amount" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_holds_amount_non_negative" CHECK ("credit_holds"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_holds" ADD CONSTRAINT "credit_holds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_holds" ADD CONSTRAINT "credit_holds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_holds_expires_idx" ON "credit_holds" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_held_within_credits" CHECK ("accounts"."held" between 0 and "accounts"."credits");--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_held_within_credits" CHECK ("tenants"."held" between 0 and "tenants"."credits");