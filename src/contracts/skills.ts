import { z } from 'zod';
import { slugSchema } from './common';
import { isSupportedRatio } from './ratios';
import { fieldsSchema } from './slots';

/** A skill as the operator writes it (`skill-upsert`); tenants only ever read skills. */
export const skillUpsertSchema = z.strictObject({
  slug: slugSchema,
  zh_name: z.string().trim().min(1, 'must not be empty').max(100),
  description: z.string().trim().min(1, 'must not be empty').max(500),
  ratio: z.string().refine(isSupportedRatio, 'must be W:H, e.g. 3:4, 9:16, 1:1'),
  genre: z.string().trim().min(1, 'must not be empty').max(50),
  ref_required: z.boolean().default(false),
  thumb: z.string().min(1).max(2048).refine((u) => u.startsWith('/') || /^https?:\/\//.test(u), 'must be an http(s) URL or a site path'),
  fields: fieldsSchema.nullable(),
  prompt: z.string().trim().min(1, 'must not be empty').max(8000),
  active: z.boolean().default(true),
  position: z.number().int().min(0).max(100_000).optional(),
});
export type SkillUpsert = z.infer<typeof skillUpsertSchema>;
