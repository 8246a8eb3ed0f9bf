CREATE TABLE "upstream_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upstream_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"upstream_id" uuid NOT NULL,
	"family" text NOT NULL,
	"ref" text,
	"tenant_id" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"ok" boolean NOT NULL,
	"error_class" text,
	"try_no" smallint DEFAULT 1 NOT NULL,
	"chain_pos" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upstream_scores" (
	"upstream_id" uuid PRIMARY KEY NOT NULL,
	"score" real NOT NULL,
	"weight" real NOT NULL,
	"success_rate" real NOT NULL,
	"raw_success_rate" real,
	"p95_ms" integer,
	"attempts_day" integer NOT NULL,
	"recent_failures" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upstreams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"adapter" text NOT NULL,
	"base_url" text NOT NULL,
	"key_ciphertext" text NOT NULL,
	"soft_timeout_ms" integer NOT NULL,
	"models" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"rating" real DEFAULT 3 NOT NULL,
	"removed_reason" text,
	"removed_at" timestamp with time zone,
	"probed_at" timestamp with time zone,
	"probe_failures" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upstreams_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "bound_model" text;--> statement-breakpoint
ALTER TABLE "upstream_attempts" ADD CONSTRAINT "upstream_attempts_upstream_id_upstreams_id_fk" FOREIGN KEY ("upstream_id") REFERENCES "public"."upstreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upstream_scores" ADD CONSTRAINT "upstream_scores_upstream_id_upstreams_id_fk" FOREIGN KEY ("upstream_id") REFERENCES "public"."upstreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upstream_attempts_upstream_started_idx" ON "upstream_attempts" USING btree ("upstream_id","started_at" DESC NULLS LAST,"duration_ms","ok");--> statement-breakpoint
CREATE INDEX "upstream_attempts_started_idx" ON "upstream_attempts" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "upstream_attempts_ref_idx" ON "upstream_attempts" USING btree ("ref") WHERE "upstream_attempts"."ref" is not null;