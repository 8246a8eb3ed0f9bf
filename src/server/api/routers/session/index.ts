import { router } from '../../trpc';
import { meProcedure } from './me';

export const sessionRouter = router({ me: meProcedure });
