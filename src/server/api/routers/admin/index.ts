import { router } from '../../trpc';
import { adminActionProcedure } from './admin-action';

export const adminRouter = router({ action: adminActionProcedure });
