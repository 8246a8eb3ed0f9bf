import { router } from '../../trpc';
import { availableModelsProcedure } from './available-models';

export const modelsRouter = router({ available: availableModelsProcedure });
