import { z } from 'zod';
import { slugSchema } from './common';
import { isSupportedRatio } from './ratios';
import { fieldsSchema } from './slots';

/** A skill as the operator writes it (`skill-upsert`); tenants only ever read skills. */
export const skillUpsertSchema = z.strictObject({
  slug: slugSchema.meta({
    description: 'The skill id (2-80 characters of a-z, 0-9 and -); an existing skill with this slug is changed',
  }),
  zh_name: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(100)
    .meta({ description: 'Display name (Chinese), 1-100 characters' }),
  description: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(500)
    .meta({ description: 'What the skill makes, for callers (1-500 characters)' }),
  ratio: z
    .string()
    .refine(isSupportedRatio, 'must be W:H, e.g. 3:4, 9:16, 1:1')
    .meta({ description: 'Aspect ratio of the images, W:H, e.g. 3:4, 9:16, 1:1' }),
  genre: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(50)
    .meta({ description: 'Classification tag (1-50 characters)' }),
  ref_required: z
    .boolean()
    .default(false)
    .meta({ description: 'true: callers must send at least one reference image (default false)' }),
  thumb: z
    .string()
    .min(1)
    .max(2048)
    .refine((u) => u.startsWith('/') || /^https?:\/\//.test(u), 'must be an http(s) URL or a site path')
    .meta({ description: 'Thumbnail: an http(s) URL or a site path starting with /' }),
  fields: fieldsSchema.nullable().meta({
    description:
      'The form callers fill: each key is a `{key}` slot of the prompt; null: callers send one sentence, used as `{input}`',
  }),
  prompt: z.string().trim().min(1, 'must not be empty').max(8000).meta({
    description:
      'The prompt template (1-8000 characters), with `{key}` slots; kept on the server, never shown to tenants',
  }),
  active: z
    .boolean()
    .default(true)
    .meta({ description: 'false: hidden from GET /api/skills and refused when generating (default true)' }),
  position: z.number().int().min(0).max(100_000).optional().meta({
    description: 'Sort position in the list, lowest first (0-100000); left out: 0 when new, unchanged when edited',
  }),
});
export type SkillUpsert = z.infer<typeof skillUpsertSchema>;
