ALTER TABLE "mail_outbox" ADD COLUMN "sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "redacted_at" timestamp with time zone;--> statement-breakpoint
-- Mails already sent kept their reset links in clear: remove the links now.
UPDATE "mail_outbox" SET "text" = regexp_replace("text", 'https?://[^[:space:]"<>]*/login/reset/[A-Za-z0-9_-]+', '[link removed]', 'g'), "html" = regexp_replace("html", 'https?://[^[:space:]"<>]*/login/reset/[A-Za-z0-9_-]+', '#', 'g'), "redacted_at" = now() WHERE "status" = 'sent';
