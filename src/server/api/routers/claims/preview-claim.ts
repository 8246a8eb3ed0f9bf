import { previewClaim } from '@/server/domain/claims/claim-preview';
import { publicProcedure } from '@/server/api/trpc';
import { previewClaimInput, previewClaimMeta, previewClaimOutput } from './preview-claim.types';

export const previewClaimProcedure = publicProcedure
  .meta(previewClaimMeta)
  .input(previewClaimInput)
  .output(previewClaimOutput)
  .query(({ ctx, input }) => previewClaim(ctx, input));
