import { router } from '@/server/api/trpc';
import { createClaimProcedure } from './create-claim';
import { listClaimsProcedure } from './list-claims';
import { previewClaimProcedure } from './preview-claim';
import { redeemClaimProcedure } from './redeem-claim';

export const claimsRouter = router({
  create: createClaimProcedure,
  list: listClaimsProcedure,
  preview: previewClaimProcedure,
  redeem: redeemClaimProcedure,
});
