import { getBalance } from '../../../domain/credits/balance';
import { scopedProcedure } from '../../trpc';
import { getBalanceInput, getBalanceMeta, getBalanceOutput } from './get-balance.types';

export const getBalanceProcedure = scopedProcedure
  .meta(getBalanceMeta)
  .input(getBalanceInput)
  .output(getBalanceOutput)
  .query(async ({ ctx }) => ({ ok: true as const, ...(await getBalance(ctx, ctx.identity)) }));
