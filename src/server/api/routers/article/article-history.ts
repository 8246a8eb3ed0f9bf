import { articleHistory } from '@/server/domain/article/history';
import { scopedProcedure } from '@/server/api/trpc';
import { articleHistoryInput, articleHistoryOutput } from './article-history.types';

/** Console only (no REST path): the caller's articles, newest first, with search; a member sees its own. */
export const articleHistoryProcedure = scopedProcedure
  .input(articleHistoryInput)
  .output(articleHistoryOutput)
  .query(({ ctx, input }) => articleHistory(ctx.db, ctx.identity, input));
