CREATE TABLE "usage_daily" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"credits" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_tenant_id_day_category_pk" PRIMARY KEY("tenant_id","day","category")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "markup" real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill from the ledger written before the rollup existed.
INSERT INTO "usage_daily" ("tenant_id", "day", "category", "credits")
SELECT "tenant_id", ("created_at" AT TIME ZONE 'Asia/Shanghai')::date, "category", -sum("amount")
FROM "ledger_entries"
WHERE "kind" IN ('charge', 'refund') AND "category" IS NOT NULL
GROUP BY 1, 2, 3;
