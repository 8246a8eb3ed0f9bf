ALTER TABLE "jobs" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "progress_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_stalled_idx" ON "jobs" USING btree ("progress_at") WHERE "jobs"."status" = 'pending' and "jobs"."progress_at" is not null;