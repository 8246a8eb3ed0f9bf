import { getBalance } from '@/server/domain/credits/balance';
import { scopedProcedure } from '@/server/api/trpc';
import { getBalanceInput, getBalanceMeta, getBalanceOutput } from './get-balance.types';

export const getBalanceProcedure = scopedProcedure
  .meta(getBalanceMeta)
  .input(getBalanceInput)
  .output(getBalanceOutput)
  .query(async ({ ctx }) => ({ ok: true as const, ...(await getBalance(ctx, ctx.identity)) }));
