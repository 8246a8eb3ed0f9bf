import { z } from 'zod';
import { slotInputSchema } from './jobs';

/** The body of POST /api/article. */
export const articleRequestSchema = z.strictObject({
  template_slug: z.string().min(1, 'must not be empty').max(80),
  input: slotInputSchema.optional(),
});
export type ArticleRequest = z.infer<typeof articleRequestSchema>;
