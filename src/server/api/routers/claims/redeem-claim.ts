import { redeemSchema } from '@/contracts/claims';
import { redeemClaim } from '@/server/domain/claims/redeem';
import { idempotency, publicProcedure } from '@/server/api/trpc';
import { redeemClaimMeta, redeemClaimOutput } from './redeem-claim.types';

export const redeemClaimProcedure = publicProcedure
  .meta(redeemClaimMeta)
  .input(redeemSchema)
  .output(redeemClaimOutput)
  .mutation(({ ctx, input }) => redeemClaim(ctx, input, idempotency(ctx)));
