import { router } from '@/server/api/trpc';
import { getBalanceProcedure } from './get-balance';
import { getPoolProcedure } from './get-pool';

export const balanceRouter = router({ get: getBalanceProcedure, pool: getPoolProcedure });
