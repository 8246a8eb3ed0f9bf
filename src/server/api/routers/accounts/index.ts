import { router } from '../../trpc';
import { accountActionProcedure } from './account-action';
import { listAccountsProcedure } from './list-accounts';

export const accountsRouter = router({ list: listAccountsProcedure, action: accountActionProcedure });
