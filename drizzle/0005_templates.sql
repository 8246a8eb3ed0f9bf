CREATE TABLE "skills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"zh_name" text NOT NULL,
	"description" text NOT NULL,
	"ratio" text NOT NULL,
	"genre" text NOT NULL,
	"ref_required" boolean DEFAULT false NOT NULL,
	"thumb" text NOT NULL,
	"fields" jsonb,
	"prompt" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"origin" text DEFAULT 'operator' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skills_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "template_hooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"image_template_slug" text NOT NULL,
	"hook_type" text NOT NULL,
	"hook_template_slug" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"tenant_id" uuid,
	"type" text NOT NULL,
	"zh_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"gated" boolean DEFAULT false NOT NULL,
	"ratio" text,
	"sample_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"template_type" text,
	"prompt_template" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"format" text,
	"generation_configs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"origin" text DEFAULT 'tenant' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "templates_slug_unique" UNIQUE("slug"),
	CONSTRAINT "templates_owner_visibility" CHECK (("templates"."tenant_id" is null) = ("templates"."visibility" = 'shared')),
	CONSTRAINT "templates_article_format" CHECK (("templates"."type" = 'article') = ("templates"."format" is not null))
);
--> statement-breakpoint
CREATE TABLE "video_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"tenant_id" uuid,
	"zh_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"gated" boolean DEFAULT false NOT NULL,
	"prompt_template" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sample_cover_image" text,
	"sample_video_url" text,
	"generation_configs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"origin" text DEFAULT 'tenant' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_templates_slug_unique" UNIQUE("slug"),
	CONSTRAINT "video_templates_owner_visibility" CHECK (("video_templates"."tenant_id" is null) = ("video_templates"."visibility" = 'shared'))
);
--> statement-breakpoint
ALTER TABLE "template_hooks" ADD CONSTRAINT "template_hooks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_templates" ADD CONSTRAINT "video_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "template_hooks_binding_uq" ON "template_hooks" USING btree ("tenant_id","image_template_slug","hook_type");--> statement-breakpoint
CREATE INDEX "templates_tenant_idx" ON "templates" USING btree ("tenant_id","type");--> statement-breakpoint
CREATE INDEX "video_templates_tenant_idx" ON "video_templates" USING btree ("tenant_id");