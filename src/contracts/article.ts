import { z } from 'zod';
import { slotInputSchema } from './jobs';

/** The body of POST /api/article. */
export const articleRequestSchema = z.strictObject({
  template_slug: z
    .string()
    .min(1, 'must not be empty')
    .max(80)
    .meta({ description: 'The slug of an article template (`GET /api/templates?type=article`)' }),
  input: slotInputSchema.optional().meta({
    description:
      "Form template: an object of the template's fields by key (required fields must be present). Template without fields: one sentence",
  }),
});
export type ArticleRequest = z.infer<typeof articleRequestSchema>;
