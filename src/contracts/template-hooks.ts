import { z } from 'zod';

/** Request bodies of /api/template-hooks. */

export const hookTypes = ['article', 'video'] as const;
export type HookType = (typeof hookTypes)[number];

const slug = z.string().trim().min(1, 'must not be empty').max(80);
const note = z.string().max(500, 'must be at most 500 characters');

export const hookBindSchema = z.strictObject({
  image_template_slug: slug,
  hook_type: z.enum(hookTypes, 'must be article or video'),
  hook_template_slug: slug,
  enabled: z.boolean().optional(),
  note: note.optional(),
});
export type HookBind = z.infer<typeof hookBindSchema>;

export const hookUpdateSchema = z.strictObject({
  id: z.uuid('must be a hook id (uuid)'),
  image_template_slug: slug.optional().meta({ description: 'Accepted only when unchanged' }),
  hook_type: z.enum(hookTypes, 'must be article or video').optional().meta({ description: 'Accepted only when unchanged' }),
  hook_template_slug: slug.optional(),
  enabled: z.boolean().optional(),
  note: note.optional(),
});
export type HookUpdate = z.infer<typeof hookUpdateSchema>;

export const hookDeleteSchema = z.object({ id: z.uuid('must be a hook id (uuid)') });
