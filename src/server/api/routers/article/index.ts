import { router } from '../../trpc';
import { writeArticleProcedure } from './write-article';

export const articleRouter = router({ write: writeArticleProcedure });
