CREATE TABLE "alert_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"account_id" uuid,
	"key_id" text,
	"type" text NOT NULL,
	"rule" text NOT NULL,
	"threshold" integer,
	"value" integer,
	"period" text,
	"period_start" text,
	"event_id" text NOT NULL,
	"mails" integer DEFAULT 0 NOT NULL,
	"webhook_url" text,
	"webhook_state" text,
	"fired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_marks" (
	"tenant_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"rule" text NOT NULL,
	"fired_in" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_marks_tenant_id_subject_rule_pk" PRIMARY KEY("tenant_id","subject","rule")
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"account_id" uuid,
	"kind" text NOT NULL,
	"threshold" integer DEFAULT 0 NOT NULL,
	"period" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_rules_threshold_non_negative" CHECK ("alert_rules"."threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "alert_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"webhook_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_marks" ADD CONSTRAINT "alert_marks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_events_tenant_idx" ON "alert_events" USING btree ("tenant_id","fired_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_events_event_uq" ON "alert_events" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_rules_subject_uq" ON "alert_rules" USING btree ("tenant_id",coalesce("account_id", '00000000-0000-0000-0000-000000000000'::uuid),"kind",coalesce("period", ''));--> statement-breakpoint
CREATE INDEX "alert_rules_account_idx" ON "alert_rules" USING btree ("account_id");