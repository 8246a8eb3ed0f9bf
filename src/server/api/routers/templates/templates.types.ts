import { z } from 'zod';
import { articleFormats, templateTypes } from '../../../db/schema';
import { templateSources } from '../../../domain/templates/access';

export const fieldSpecOut = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['text', 'textarea']).optional(),
  placeholder: z.string().optional(),
  help: z.string().optional(),
  required: z.boolean().optional().meta({ description: 'Default true' }),
  default: z.string().optional().meta({ description: 'Used when an optional field is left out' }),
});

export const sourceQuery = z
  .enum(templateSources, 'must be mine, platform or all')
  .default('all')
  .meta({ description: '`mine`: your tenant’s own; `platform`: shared by the platform; `all` (default): both' });

export const templateOut = z.object({
  id: z.uuid(),
  slug: z.string(),
  zh_name: z.string(),
  description: z.string(),
  category: z.string(),
  domain: z.string(),
  type: z.enum(templateTypes),
  tenant_id: z.string().nullable().meta({ description: 'Owner; null for platform templates' }),
  visibility: z.enum(['private', 'shared']),
  active: z.boolean(),
  gated: z.boolean(),
  source: z.enum(['mine', 'platform']),
  locked: z.boolean().meta({ description: 'Gated and not unlocked for you: prompt_template, fields and generation_configs are null' }),
  ratio: z.string().nullable(),
  sample_images: z.array(z.string()),
  template_type: z.string().nullable(),
  prompt_template: z.string().nullable(),
  fields: z.array(fieldSpecOut).nullable(),
  format: z.enum(articleFormats).nullable(),
  generation_configs: z.array(z.object({ default_reference_images: z.array(z.string()).optional() })).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const videoTemplateOut = z.object({
  id: z.uuid(),
  slug: z.string(),
  zh_name: z.string(),
  description: z.string(),
  category: z.string(),
  tenant_id: z.string().nullable(),
  visibility: z.enum(['private', 'shared']),
  active: z.boolean(),
  gated: z.boolean(),
  source: z.enum(['mine', 'platform']),
  locked: z.boolean(),
  prompt_template: z.string().nullable(),
  fields: z.array(fieldSpecOut).nullable(),
  sample_cover_image: z.string().nullable(),
  sample_video_url: z.string().nullable(),
  generation_configs: z.array(z.object({ ratio: z.string().optional(), duration: z.number().optional() })),
  created_at: z.string(),
  updated_at: z.string(),
});
