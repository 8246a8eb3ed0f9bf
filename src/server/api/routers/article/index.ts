import { router } from '@/server/api/trpc';
import { articleHistoryProcedure } from './article-history';
import { getArticleProcedure } from './get-article';
import { writeArticleProcedure } from './write-article';

export const articleRouter = router({
  write: writeArticleProcedure,
  history: articleHistoryProcedure,
  get: getArticleProcedure,
});
