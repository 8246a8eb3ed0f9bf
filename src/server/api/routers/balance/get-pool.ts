import { getPool } from '@/server/domain/credits/balance';
import { tenantProcedure } from '@/server/api/trpc';
import { getPoolInput, getPoolMeta, getPoolOutput } from './get-pool.types';

export const getPoolProcedure = tenantProcedure
  .meta(getPoolMeta)
  .input(getPoolInput)
  .output(getPoolOutput)
  .query(async ({ ctx }) => ({ ok: true as const, ...(await getPool(ctx, ctx.identity)) }));
