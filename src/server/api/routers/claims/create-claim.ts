import { claimCreateSchema } from '@/contracts/claims';
import { createClaim } from '@/server/domain/claims/claims';
import { organizationProcedure } from '@/server/api/trpc';
import { createClaimMeta, createClaimOutput } from './create-claim.types';

export const createClaimProcedure = organizationProcedure
  .meta(createClaimMeta)
  .input(claimCreateSchema)
  .output(createClaimOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await createClaim(ctx, ctx.identity, input)) }));
