import { articleRequestSchema } from '../../../../contracts/article';
import { writeArticle } from '../../../domain/article/article';
import { scopedProcedure } from '../../trpc';
import { writeArticleMeta, writeArticleOutput } from './write-article.types';

export const writeArticleProcedure = scopedProcedure
  .meta(writeArticleMeta)
  .input(articleRequestSchema)
  .output(writeArticleOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await writeArticle(ctx, ctx.identity, input)) }));
