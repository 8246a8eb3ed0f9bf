import { z } from 'zod';
import { articleFormats, templateSources, templateTypes } from '../../../../contracts/templates';
import { route } from '../../meta';

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
  tenant_id: z.string().nullable().meta({ description: 'Owner: your tenant id for your own templates; null for platform templates and for templates another tenant sold you through a claim code' }),
  seller: z.string().nullable().meta({ description: 'The display name of the tenant that sold you this template through a claim code; null otherwise' }),
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

/** Create and update answer the template as the list shows it. */
export const oneTemplateOutput = z.object({ ok: z.literal(true), template: templateOut });

export const listTemplatesInput = z.object({
  type: z.enum(templateTypes, 'must be image or article').optional(),
  source: sourceQuery,
  slug: z.string().max(80).optional(),
});
export const listTemplatesOutput = z.object({ ok: z.literal(true), templates: z.array(templateOut) });

export const listTemplatesMeta = route('GET /templates', 'Templates', 'Image and article templates', {
  description: '`type` = `image` or `article` (absent: both); `source` = `mine`, `platform` or `all` (default). An invalid `type` or `source` is 400. Every row carries `source`. Your own templates are listed even when deactivated; platform templates only while active. A gated template you have not unlocked is listed with `locked: true` and its content (`prompt_template`, `fields`, `generation_configs`) null. `slug` narrows to one template.',
});
