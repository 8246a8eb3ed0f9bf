import { z } from 'zod';

/** Request bodies of /api/template-hooks. */

export const hookTypes = ['article', 'video'] as const;
export type HookType = (typeof hookTypes)[number];

const slug = z.string().trim().min(1, 'must not be empty').max(80);
const note = z
  .string()
  .max(500, 'must be at most 500 characters')
  .meta({ description: 'Your own remark (at most 500 characters)' });
const imageTemplateSlug = slug.meta({ description: 'Slug of the image template the hook hangs on' });
const hookTemplateSlug = slug.meta({
  description:
    'Slug of the downstream template: an article template (`hook_type` article) or a video template (`hook_type` video)',
});
const enabled = z.boolean().meta({ description: 'false switches the binding off without deleting it (default true)' });

export const pipelineBindSchema = z.strictObject({
  image_template_slug: imageTemplateSlug,
  hook_type: z.enum(hookTypes, 'must be article or video').meta({
    description:
      '`article` (downstream article template) or `video` (downstream video template); one binding per image template and type',
  }),
  hook_template_slug: hookTemplateSlug,
  enabled: enabled.optional(),
  note: note.optional(),
});
export type PipelineBind = z.infer<typeof pipelineBindSchema>;

export const pipelineUpdateSchema = z.strictObject({
  id: z.uuid('must be a hook id (uuid)').meta({ description: 'The hook to change' }),
  image_template_slug: slug.optional().meta({ description: 'Accepted only when unchanged' }),
  hook_type: z
    .enum(hookTypes, 'must be article or video')
    .optional()
    .meta({ description: 'Accepted only when unchanged' }),
  hook_template_slug: hookTemplateSlug.optional(),
  enabled: enabled.optional(),
  note: note.optional(),
});
export type PipelineUpdate = z.infer<typeof pipelineUpdateSchema>;

export const pipelineDeleteSchema = z.object({
  id: z.uuid('must be a hook id (uuid)').meta({ description: 'The hook to delete' }),
});
