ALTER TABLE "jobs" ADD COLUMN "credits_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "jobs" SET "credits_refunded" = r.amount
  FROM (SELECT "ref", sum(abs("amount"))::int AS amount FROM "ledger_entries" WHERE "kind" = 'refund' AND "ref" IS NOT NULL GROUP BY "ref") r
 WHERE r."ref" = "jobs"."id"::text;
