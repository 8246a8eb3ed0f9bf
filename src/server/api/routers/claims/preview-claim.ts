import { previewClaim } from '../../../domain/claims/claims';
import { publicProcedure } from '../../trpc';
import { previewClaimInput, previewClaimMeta, previewClaimOutput } from './preview-claim.types';

export const previewClaimProcedure = publicProcedure
  .meta(previewClaimMeta)
  .input(previewClaimInput)
  .output(previewClaimOutput)
  .query(({ ctx, input }) => previewClaim(ctx, input));
