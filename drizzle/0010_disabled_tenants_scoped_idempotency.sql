ALTER TABLE "tenants" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
-- Idempotency keys are scoped to the identity that sent them: a member's, or the tenant's.
UPDATE "jobs" SET "idempotency_key" = CASE WHEN "account_id" IS NULL THEN 'tenant:' || "idempotency_key" ELSE 'member:' || "account_id" || ':' || "idempotency_key" END WHERE "idempotency_key" IS NOT NULL;
