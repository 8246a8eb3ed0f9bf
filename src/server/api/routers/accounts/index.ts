import { router } from '@/server/api/trpc';
import { accountActionProcedure, accountActionProcedures } from './account-action';
import { listAccountsProcedure } from './list-accounts';

export const accountsRouter = router({ list: listAccountsProcedure, action: accountActionProcedure, ...accountActionProcedures });
