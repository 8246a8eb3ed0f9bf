import { z } from 'zod';
import { allOptional, httpUrl, slugSchema, trimmedText } from './common';
import { MAX_REFERENCE_IMAGES } from './jobs';
import { isSupportedRatio } from './ratios';
import { fieldsSchema } from './slots';

/** Request bodies of the template stores (image/article and video), shared by server and console. */

export const templateTypes = ['image', 'article'] as const;
export type TemplateType = (typeof templateTypes)[number];
export const articleFormats = ['xiaohongshu', 'wechat', 'detail', 'script'] as const;
export type ArticleFormat = (typeof articleFormats)[number];

/** `mine`: the caller's tenant's own rows; `platform`: shared rows with no tenant. */
export const templateSources = ['mine', 'platform', 'all'] as const;
export type TemplateSource = (typeof templateSources)[number];

const text = trimmedText;
const promptTemplate = z.string().trim().min(1, 'must not be empty').max(8000, 'must be at most 8000 characters');

const generationConfigSchema = z.strictObject({
  default_reference_images: z
    .array(httpUrl)
    .max(MAX_REFERENCE_IMAGES, `at most ${MAX_REFERENCE_IMAGES} images`)
    .optional()
    .meta({
      description: `Reference images used when a generation sends none: URLs of files Studio serves for your tenant (at most ${MAX_REFERENCE_IMAGES})`,
    }),
});

/** The writable fields of a template; create requires some of them, update takes any subset. */
const writable = {
  zh_name: text(100).min(1, 'must not be empty').meta({ description: 'Display name (1-100 characters)' }),
  description: text(500).meta({ description: 'What the template makes (at most 500 characters)' }),
  category: text(50).meta({ description: 'Classification shown for browsing, free text (at most 50 characters)' }),
  domain: text(50).meta({ description: 'Business domain, free text (at most 50 characters)' }),
  active: z.boolean().meta({ description: 'false deactivates: the template can no longer be used to generate' }),
  gated: z
    .boolean()
    .meta({ description: 'true: other tenants see the content only after unlocking it with a claim code' }),
  ratio: z.string().refine(isSupportedRatio, 'must be W:H, e.g. 3:4, 9:16, 1:1, 4:3, 16:9').nullable().meta({
    description:
      'Image templates: the aspect ratio W:H of the images it makes, e.g. 3:4, 9:16, 1:1, 4:3, 16:9; null: none fixed',
  }),
  sample_images: z
    .array(httpUrl)
    .max(9, 'at most 9 sample images')
    .meta({ description: 'URLs of example results shown with the template (at most 9)' }),
  template_type: text(40)
    .nullable()
    .meta({ description: 'Image templates: a free-text kind, e.g. poster (at most 40 characters); null: none' }),
  prompt_template: promptTemplate.meta({
    description:
      'The prompt, with a `{key}` slot per field (or `{input}` when there are no fields); `{{` and `}}` are literal braces (at most 8000 characters)',
  }),
  fields: fieldsSchema.meta({
    description:
      'The form of the template: one item per `{key}` slot of `prompt_template`; empty: the caller sends one sentence as `input`',
  }),
  format: z
    .enum(articleFormats, `must be one of ${articleFormats.join(', ')}`)
    .nullable()
    .meta({
      description:
        'Article templates (required there): xiaohongshu, wechat, detail or script; null for image templates',
    }),
  generation_configs: z.array(generationConfigSchema).max(10, 'at most 10 generation configs').meta({
    description:
      'Generation defaults (at most 10): the reference images of the first config that has some are used when a generation sends none',
  }),
};
/** Create: the name and the prompt are required, everything else optional (keys in the order callers read them). */
export const templateCreateSchema = z.strictObject({
  slug: slugSchema.optional().meta({ description: 'Globally unique; generated when absent. Cannot be changed later.' }),
  type: z
    .enum(templateTypes, 'must be image or article')
    .meta({ description: '`image` or `article`; cannot be changed later' }),
  ...allOptional(writable),
  zh_name: writable.zh_name,
  prompt_template: writable.prompt_template,
});
export type TemplateCreate = z.infer<typeof templateCreateSchema>;

export const templateUpdateSchema = z.strictObject({
  id: z.uuid('must be a template id (uuid)').meta({ description: 'The template to change' }),
  slug: slugSchema.optional().meta({ description: 'Accepted only when unchanged' }),
  type: z
    .enum(templateTypes, 'must be image or article')
    .optional()
    .meta({ description: 'Accepted only when unchanged' }),
  ...allOptional(writable),
});
export type TemplateUpdate = z.infer<typeof templateUpdateSchema>;

export const videoConfigSchema = z.strictObject({
  ratio: z
    .string()
    .refine(isSupportedRatio, 'must be W:H, e.g. 9:16, 16:9, 1:1')
    .meta({ description: 'Aspect ratio W:H, e.g. 9:16, 16:9, 1:1' }),
  duration: z
    .number()
    .int('must be whole seconds')
    .min(1, 'must be at least 1 second')
    .max(60, 'must be at most 60 seconds')
    .meta({ description: 'Length in seconds (1-60)' }),
});

const videoWritable = {
  zh_name: writable.zh_name,
  description: writable.description,
  category: writable.category,
  active: writable.active,
  gated: writable.gated,
  prompt_template: writable.prompt_template,
  fields: writable.fields,
  sample_cover_image: httpUrl
    .nullable()
    .meta({ description: 'URL of a still shown as the template’s cover; null: none' }),
  sample_video_url: httpUrl.nullable().meta({ description: 'URL of an example video; null: none' }),
  generation_configs: z
    .array(videoConfigSchema)
    .min(1, 'give at least one {ratio, duration}')
    .max(10)
    .meta({ description: 'The shapes the template makes, `[{ratio, duration}]` (1-10); the first is the default' }),
};
export const videoTemplateCreateSchema = z.strictObject({
  slug: slugSchema.optional().meta({ description: 'Globally unique; generated when absent. Cannot be changed later.' }),
  ...allOptional(videoWritable),
  zh_name: videoWritable.zh_name,
  prompt_template: videoWritable.prompt_template,
  generation_configs: videoWritable.generation_configs,
});
export type VideoTemplateCreate = z.infer<typeof videoTemplateCreateSchema>;

export const videoTemplateUpdateSchema = z.strictObject({
  id: z.uuid('must be a video template id (uuid)').meta({ description: 'The video template to change' }),
  slug: z.string().optional().meta({ description: 'Accepted only when unchanged' }),
  ...allOptional(videoWritable),
});
export type VideoTemplateUpdate = z.infer<typeof videoTemplateUpdateSchema>;
