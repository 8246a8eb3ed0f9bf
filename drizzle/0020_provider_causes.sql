ALTER TABLE "jobs" ADD COLUMN "error_reason" text;--> statement-breakpoint
ALTER TABLE "upstream_attempts" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "upstream_attempts" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "upstream_state" text;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD COLUMN "orphaned_at" timestamp with time zone;