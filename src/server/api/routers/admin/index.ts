import { router } from '@/server/api/trpc';
import { adminActionProcedure, adminActionProcedures } from './admin-action';

export const adminRouter = router({ action: adminActionProcedure, ...adminActionProcedures });
