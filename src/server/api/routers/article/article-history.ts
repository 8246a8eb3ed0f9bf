import { articleHistory } from '@/server/domain/article/history';
import { scopedProcedure } from '@/server/api/trpc';
import { articleHistoryInput, articleHistoryMeta, articleHistoryOutput } from './article-history.types';

/** `GET /api/article/history` and the Articles page: the caller's articles, newest first, with search; a member sees its own. */
export const articleHistoryProcedure = scopedProcedure
  .meta(articleHistoryMeta)
  .input(articleHistoryInput)
  .output(articleHistoryOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await articleHistory(ctx.db, ctx.identity, input)) }));
