CREATE TABLE "video_tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"account_id" uuid,
	"tier" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"upstream_id" uuid,
	"channel" text,
	"upstream_model" text,
	"upstream_task_id" text,
	"failed_upstreams" uuid[] DEFAULT '{}' NOT NULL,
	"progress" integer,
	"polls" integer DEFAULT 0 NOT NULL,
	"cover_url" text,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"upstream_created_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_id_jobs_id_fk" FOREIGN KEY ("id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_tasks" ADD CONSTRAINT "video_tasks_upstream_id_upstreams_id_fk" FOREIGN KEY ("upstream_id") REFERENCES "public"."upstreams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_tasks_tenant_state_idx" ON "video_tasks" USING btree ("tenant_id","state","created_at" DESC NULLS LAST);