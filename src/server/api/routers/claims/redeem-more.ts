import { z } from 'zod';
import { redeemIntoAccount } from '@/server/domain/claims/redeem-more';
import { tenantProcedure } from '@/server/api/trpc';
import { templateRef, tutorialOut } from './create-claim.types';

/** The buyer's console: redeem another code into the signed-in platform account (console only, no REST path). */
export const redeemMoreProcedure = tenantProcedure
  .meta({ limit: 'claim' })
  .input(z.object({ code: z.string().trim().min(1, 'must not be empty').max(64) }))
  .output(
    z.object({
      ok: z.literal(true),
      code: z.string(),
      credits_granted: z.number().int(),
      credits: z.number().int(),
      templates: z.array(templateRef),
      tutorial_pdf: tutorialOut,
    }),
  )
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await redeemIntoAccount(ctx, ctx.identity, input)) }));
