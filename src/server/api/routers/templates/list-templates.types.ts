import { z } from 'zod';
import { FIELD_TYPES } from '@/contracts/slots';
import { articleFormats, templateSources, templateTypes } from '@/contracts/templates';
import { route } from '@/server/api/meta';

export const fieldSpecOut = z.object({
  key: z.string().meta({ description: 'The slot name: `{key}` in the prompt template and the key to send in `input`' }),
  label: z.string().meta({ description: 'The name a form shows for this field' }),
  type: z
    .enum(FIELD_TYPES)
    .optional()
    .meta({
      description:
        '`text` (one line; the default when absent), `textarea` (several lines), `choice` (send one of `options`’ values), ' +
        '`number` (send a number within `min`/`max`) or `image` (send the http(s) URL or the upload key of an image of yours; ' +
        'it becomes a reference image of the job and its slot reads "the reference image N", "参考图N" in a Chinese prompt)',
    }),
  placeholder: z.string().optional().meta({ description: 'Example text for the empty field' }),
  help: z.string().optional().meta({ description: 'A hint shown under the field' }),
  required: z.boolean().optional().meta({ description: 'Default true' }),
  default: z.string().optional().meta({ description: 'Used when an optional field is left out' }),
  options: z
    .array(
      z.object({
        value: z.string().meta({ description: 'What to send, and what fills the slot' }),
        label: z.string().optional().meta({ description: 'What a form shows; default: the value' }),
      }),
    )
    .optional()
    .meta({ description: 'Choice fields: the values accepted' }),
  min: z.number().optional().meta({ description: 'Number fields: the smallest value accepted' }),
  max: z.number().optional().meta({ description: 'Number fields: the largest value accepted' }),
  integer: z.boolean().optional().meta({ description: 'Number fields: true accepts whole numbers only' }),
});

export const sourceQuery = z
  .enum(templateSources, 'must be mine, platform or all')
  .default('all')
  .meta({ description: '`mine`: your tenant’s own; `platform`: shared by the platform; `all` (default): both' });

export const templateOut = z.object({
  id: z.uuid().meta({ description: 'Template id (uuid); `template_id` of a generation takes it or the slug' }),
  slug: z.string().meta({ description: 'Globally unique name; `template_id` of a generation takes it or the id' }),
  zh_name: z.string().meta({ description: 'Display name' }),
  description: z.string().meta({ description: 'What the template makes; empty when none' }),
  category: z.string().meta({ description: 'Classification, free text; empty when none' }),
  domain: z.string().meta({ description: 'Business domain, free text; empty when none' }),
  type: z.enum(templateTypes).meta({ description: '`image` or `article`' }),
  tenant_id: z.string().nullable().meta({
    description:
      'Owner: your tenant id for your own templates; null for platform templates and for templates another tenant sold you through a claim code',
  }),
  seller: z.string().nullable().meta({
    description: 'The display name of the tenant that sold you this template through a claim code; null otherwise',
  }),
  visibility: z
    .enum(['private', 'shared'])
    .meta({ description: '`private`: a tenant’s own template; `shared`: a platform template every tenant sees' }),
  active: z.boolean().meta({ description: 'false: deactivated, cannot be used to generate' }),
  gated: z
    .boolean()
    .meta({ description: 'true: the content is visible only to its owner and to holders of a claim code for it' }),
  source: z.enum(['mine', 'platform']).meta({
    description: '`mine`: your tenant’s (or sold to you through a claim code); `platform`: shared by the platform',
  }),
  locked: z
    .boolean()
    .meta({ description: 'Gated and not unlocked for you: prompt_template, fields and generation_configs are null' }),
  ratio: z
    .string()
    .nullable()
    .meta({ description: 'Image templates: aspect ratio W:H of the images it makes; null: none fixed' }),
  sample_images: z.array(z.string()).meta({ description: 'URLs of example results' }),
  template_type: z.string().nullable().meta({ description: 'Image templates: a free-text kind; null: none' }),
  prompt_template: z.string().nullable().meta({ description: 'The prompt with `{key}` slots; null while `locked`' }),
  fields: z
    .array(fieldSpecOut)
    .nullable()
    .meta({ description: 'The form: one item per slot (empty: send one sentence as `input`); null while `locked`' }),
  format: z
    .enum(articleFormats)
    .nullable()
    .meta({ description: 'Article templates: xiaohongshu, wechat, detail or script; null for image templates' }),
  generation_configs: z
    .array(
      z.object({
        default_reference_images: z
          .array(z.string())
          .optional()
          .meta({ description: 'Reference image URLs used when a generation sends none' }),
      }),
    )
    .nullable()
    .meta({ description: 'Generation defaults; null while `locked`' }),
  created_at: z.string().meta({ description: 'When the template was created (ISO 8601)' }),
  updated_at: z.string().meta({ description: 'When the template last changed (ISO 8601)' }),
});

/** Create and update answer the template as the list shows it. */
export const oneTemplateOutput = z.object({
  ok: z.literal(true),
  template: templateOut.meta({ description: 'The template as GET /templates lists it' }),
});

export const listTemplatesInput = z.object({
  type: z
    .enum(templateTypes, 'must be image or article')
    .meta({ description: '`image` or `article`; absent: both' })
    .optional(),
  source: sourceQuery,
  slug: z.string().max(80).meta({ description: 'Only the template with this slug' }).optional(),
});
export const listTemplatesOutput = z.object({
  ok: z.literal(true),
  templates: z.array(templateOut).meta({ description: 'The templates you can see' }),
});

export const listTemplatesMeta = route('GET /templates', 'Templates', 'Image and article templates', {
  description:
    '`type` = `image` or `article` (absent: both); `source` = `mine`, `platform` or `all` (default). An ' +
    'invalid `type` or `source` is 400. Every row carries `source`. Your own templates are listed even ' +
    'when deactivated; platform templates only while active. A gated template you have not unlocked is ' +
    'listed with `locked: true` and its content (`prompt_template`, `fields`, `generation_configs`) null. ' +
    '`slug` narrows to one template.',
});
