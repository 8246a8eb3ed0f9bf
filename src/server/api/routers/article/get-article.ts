import { getArticle } from '@/server/domain/article/history';
import { scopedProcedure } from '@/server/api/trpc';
import { getArticleInput, getArticleOutput } from './article-history.types';

/** Console only (no REST path): one article of the caller's history in full, with its input. */
export const getArticleProcedure = scopedProcedure
  .input(getArticleInput)
  .output(getArticleOutput)
  .query(({ ctx, input }) => getArticle(ctx.db, ctx.identity, input.id));
