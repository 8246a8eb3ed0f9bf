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
  default_reference_images: z.array(httpUrl).max(MAX_REFERENCE_IMAGES, `at most ${MAX_REFERENCE_IMAGES} images`).optional(),
});

/** The writable fields of a template; create requires some of them, update takes any subset. */
const writable = {
  zh_name: text(100).min(1, 'must not be empty'),
  description: text(500),
  category: text(50),
  domain: text(50),
  active: z.boolean(),
  gated: z.boolean(),
  ratio: z.string().refine(isSupportedRatio, 'must be W:H, e.g. 3:4, 9:16, 1:1, 4:3, 16:9').nullable(),
  sample_images: z.array(httpUrl).max(9, 'at most 9 sample images'),
  template_type: text(40).nullable(),
  prompt_template: promptTemplate,
  fields: fieldsSchema,
  format: z.enum(articleFormats, `must be one of ${articleFormats.join(', ')}`).nullable(),
  generation_configs: z.array(generationConfigSchema).max(10, 'at most 10 generation configs'),
};
/** Create: the name and the prompt are required, everything else optional (keys in the order callers read them). */
export const templateCreateSchema = z.strictObject({
  slug: slugSchema.optional().meta({ description: 'Globally unique; generated when absent. Cannot be changed later.' }),
  type: z.enum(templateTypes, 'must be image or article'),
  ...allOptional(writable),
  zh_name: writable.zh_name,
  prompt_template: writable.prompt_template,
});
export type TemplateCreate = z.infer<typeof templateCreateSchema>;

export const templateUpdateSchema = z.strictObject({
  id: z.uuid('must be a template id (uuid)'),
  slug: slugSchema.optional().meta({ description: 'Accepted only when unchanged' }),
  type: z.enum(templateTypes, 'must be image or article').optional().meta({ description: 'Accepted only when unchanged' }),
  ...allOptional(writable),
});
export type TemplateUpdate = z.infer<typeof templateUpdateSchema>;

export const videoConfigSchema = z.strictObject({
  ratio: z.string().refine(isSupportedRatio, 'must be W:H, e.g. 9:16, 16:9, 1:1'),
  duration: z.number().int('must be whole seconds').min(1, 'must be at least 1 second').max(60, 'must be at most 60 seconds'),
});

const videoWritable = {
  zh_name: writable.zh_name,
  description: writable.description,
  category: writable.category,
  active: writable.active,
  gated: writable.gated,
  prompt_template: promptTemplate,
  fields: fieldsSchema,
  sample_cover_image: httpUrl.nullable(),
  sample_video_url: httpUrl.nullable(),
  generation_configs: z.array(videoConfigSchema).min(1, 'give at least one {ratio, duration}').max(10),
};
export const videoTemplateCreateSchema = z.strictObject({
  slug: slugSchema.optional(),
  ...allOptional(videoWritable),
  zh_name: videoWritable.zh_name,
  prompt_template: videoWritable.prompt_template,
  generation_configs: videoWritable.generation_configs,
});
export type VideoTemplateCreate = z.infer<typeof videoTemplateCreateSchema>;

export const videoTemplateUpdateSchema = z.strictObject({
  id: z.uuid('must be a video template id (uuid)'),
  slug: z.string().optional().meta({ description: 'Accepted only when unchanged' }),
  ...allOptional(videoWritable),
});
export type VideoTemplateUpdate = z.infer<typeof videoTemplateUpdateSchema>;
