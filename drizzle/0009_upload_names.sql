ALTER TABLE "uploads" ADD COLUMN "filename" text;--> statement-breakpoint
CREATE INDEX "uploads_pending_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."status" = 'pending';