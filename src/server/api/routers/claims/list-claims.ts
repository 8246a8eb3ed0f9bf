import { listClaims } from '@/server/domain/claims/claims';
import { organizationProcedure } from '@/server/api/trpc';
import { listClaimsInput, listClaimsMeta, listClaimsOutput } from './list-claims.types';

export const listClaimsProcedure = organizationProcedure
  .meta(listClaimsMeta)
  .input(listClaimsInput)
  .output(listClaimsOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await listClaims(ctx, ctx.identity, input)) }));
