import { router } from '@/server/api/trpc';
import { availableModelsProcedure } from './available-models';

export const modelsRouter = router({ available: availableModelsProcedure });
