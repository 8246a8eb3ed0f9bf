import { z } from 'zod';
import { route } from '@/server/api/meta';
import { fieldSpecOut, sourceQuery } from './list-templates.types';

export const videoTemplateOut = z.object({
  id: z.uuid().meta({ description: 'Video template id (uuid); `template_id` of POST /videos takes it or the slug' }),
  slug: z.string().meta({ description: 'Globally unique name; `template_id` of POST /videos takes it or the id' }),
  zh_name: z.string().meta({ description: 'Display name' }),
  description: z.string().meta({ description: 'What the template makes; empty when none' }),
  category: z.string().meta({ description: 'Classification, free text; empty when none' }),
  tenant_id: z
    .string()
    .nullable()
    .meta({ description: 'Owner: your tenant id for your own templates; null for platform templates' }),
  seller: z
    .string()
    .nullable()
    .meta({ description: 'Always null for video templates (claim codes grant image and article templates)' }),
  visibility: z
    .enum(['private', 'shared'])
    .meta({ description: '`private`: a tenant’s own template; `shared`: a platform template every tenant sees' }),
  active: z.boolean().meta({ description: 'false: deactivated, cannot be used to generate' }),
  gated: z
    .boolean()
    .meta({ description: 'true: the content is visible only to its owner and to those who unlocked it' }),
  source: z
    .enum(['mine', 'platform'])
    .meta({ description: '`mine`: your tenant’s; `platform`: shared by the platform' }),
  locked: z.boolean().meta({ description: 'Gated and not unlocked for you: prompt_template and fields are null' }),
  prompt_template: z.string().nullable().meta({ description: 'The prompt with `{key}` slots; null while `locked`' }),
  fields: z
    .array(fieldSpecOut)
    .nullable()
    .meta({ description: 'The form: one item per slot (empty: send one sentence as `input`); null while `locked`' }),
  sample_cover_image: z.string().nullable().meta({ description: 'URL of the cover still; null: none' }),
  sample_video_url: z.string().nullable().meta({ description: 'URL of an example video; null: none' }),
  generation_configs: z
    .array(
      z.object({
        ratio: z.string().optional().meta({ description: 'Aspect ratio W:H, e.g. 9:16' }),
        duration: z.number().optional().meta({ description: 'Length in seconds' }),
      }),
    )
    .meta({
      description:
        'The shapes the template makes; the first gives the ratio and duration a task uses when it names none',
    }),
  created_at: z.string().meta({ description: 'When the template was created (ISO 8601)' }),
  updated_at: z.string().meta({ description: 'When the template last changed (ISO 8601)' }),
});

/** Create and update answer the video template as the list shows it. */
export const oneVideoTemplateOutput = z.object({
  ok: z.literal(true),
  template: videoTemplateOut.meta({ description: 'The video template as GET /video-templates lists it' }),
});

export const listVideoTemplatesInput = z.object({
  source: sourceQuery,
  slug: z.string().max(80).meta({ description: 'Only the video template with this slug' }).optional(),
});
export const listVideoTemplatesOutput = z.object({
  ok: z.literal(true),
  templates: z.array(videoTemplateOut).meta({ description: 'The video templates you can see' }),
});

export const listVideoTemplatesMeta = route('GET /video-templates', 'Templates', 'Video templates', {
  description: '`source` = `mine`, `platform` or `all` (default); invalid: 400. Every row carries `source`.',
});
