import { claimCreateSchema } from '../../../../contracts/claims';
import { createClaim } from '../../../domain/claims/claims';
import { organizationProcedure } from '../../trpc';
import { createClaimMeta, createClaimOutput } from './create-claim.types';

export const createClaimProcedure = organizationProcedure
  .meta(createClaimMeta)
  .input(claimCreateSchema)
  .output(createClaimOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await createClaim(ctx, ctx.identity, input)) }));
