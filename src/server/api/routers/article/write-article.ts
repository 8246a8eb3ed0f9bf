import { articleRequestSchema } from '@/contracts/article';
import { writeArticle } from '@/server/domain/article/article';
import { scopedProcedure } from '@/server/api/trpc';
import { writeArticleMeta, writeArticleOutput } from './write-article.types';

export const writeArticleProcedure = scopedProcedure
  .meta(writeArticleMeta)
  .input(articleRequestSchema)
  .output(writeArticleOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await writeArticle(ctx, ctx.identity, input)) }));
