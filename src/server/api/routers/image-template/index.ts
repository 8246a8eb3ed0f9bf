import { router } from '@/server/api/trpc';
import { getResultProcedure } from './get-result';

/** `POST /api/image-to-template` takes a file, so it is served by `image-template-handler.ts`; its result is read here. */
export const imageTemplateRouter = router({ result: getResultProcedure });
