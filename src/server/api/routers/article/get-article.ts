import { getArticle } from '@/server/domain/article/history';
import { scopedProcedure } from '@/server/api/trpc';
import { getArticleInput, getArticleMeta, getArticleOutput } from './article-history.types';

/** `GET /api/article` and the Articles page: one article of the caller's history in full, with its input. */
export const getArticleProcedure = scopedProcedure
  .meta(getArticleMeta)
  .input(getArticleInput)
  .output(getArticleOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await getArticle(ctx.db, ctx.identity, input.id)) }));
