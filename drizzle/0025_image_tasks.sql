CREATE TABLE "image_tasks" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"upstream_id" uuid,
	"channel" text NOT NULL,
	"upstream_model" text NOT NULL,
	"upstream_task_id" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_tasks" ADD CONSTRAINT "image_tasks_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_tasks" ADD CONSTRAINT "image_tasks_upstream_id_upstreams_id_fk" FOREIGN KEY ("upstream_id") REFERENCES "public"."upstreams"("id") ON DELETE set null ON UPDATE no action;