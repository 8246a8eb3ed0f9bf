import { z } from 'zod';
import { articleFormats } from '../../../db/schema';
import { writeArticle } from '../../../domain/article/article';
import { router, scopedProcedure } from '../../trpc';

export const writeArticleProcedure = scopedProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/article',
      tags: ['Articles'],
      summary: 'Write copy from an article template (synchronous)',
      description:
        'Body `template_slug` + `input`: an object for form templates (required fields must be present), one sentence for templates without fields. The template’s `format` decides the fields: `xiaohongshu` answers `title`, `body`, `hashtags`; `wechat`, `detail` and `script` answer `title`, `body`. The model’s answer is validated; a malformed one is retried on the next upstream and never returned half-parsed. Charged in the `chat` category (`credits` in the answer), refunded if no upstream could write it. Not enough credits: 402.',
      protect: true,
    },
  })
  .input(
    z.strictObject({
      template_slug: z.string().min(1, 'must not be empty').max(80),
      input: z.union([z.string().max(8000), z.record(z.string(), z.union([z.string().max(8000), z.number(), z.boolean()]))]).optional(),
    }),
  )
  .output(
    z.object({
      ok: z.literal(true),
      template_slug: z.string(),
      format: z.enum(articleFormats),
      title: z.string(),
      body: z.string(),
      hashtags: z.array(z.string()).optional().meta({ description: 'xiaohongshu only' }),
      credits: z.number().int().meta({ description: 'Credits charged' }),
    }),
  )
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await writeArticle(ctx, ctx.identity, input)) }));

export const articleRouter = router({ write: writeArticleProcedure });
